// The teacher portal: the teacher's own pages, and the pages of the olympiad in the address.
import { useParams } from 'react-router-dom';
import { Text } from '@mantine/core';
import type { LayoutComponentProps } from '@olympiad/shared/router/screen-types';
import { KitProvider } from '@olympiad/shared/ui/kit/kit-provider';
import { ShellLayout, type NavSection } from '@olympiad/shared/layouts/shell-layout';
import type { AppRoute } from '@olympiad/shared/access/route-table';

const TEACHER_PAGES = ['portalHome', 'portalFaq', 'myProfile', 'updatePassword'];
const OLYMPIAD_PAGES = ['portalOlympiad', 'portalSchool', 'portalTeam', 'loadLearners', 'portalInvoices', 'portalCertificates', 'portalOlympiadFaq'];

export function portalNavigation(routes: AppRoute[], current: AppRoute, olympiadName: string | undefined): NavSection[] {
  const item = (key: string, label?: string) => {
    const route = routes.find((candidate) => candidate.key === key && candidate.layout === 'portal');
    return route && { key, label: label ?? route.title, href: route.getHref({ olympiadName }), active: current.key === key };
  };
  const defined = <T,>(value: T | undefined): value is T => value !== undefined;
  const sections: NavSection[] = [{ items: TEACHER_PAGES.map((key) => item(key)).filter(defined) }];
  if (olympiadName) {
    sections.push({
      label: olympiadName,
      items: OLYMPIAD_PAGES.map((key) => item(key, key === 'portalOlympiad' ? 'Overview' : undefined)).filter(defined),
    });
  }
  return sections;
}

export default function PortalLayout({ route, routes, children }: LayoutComponentProps) {
  const { olympiadName } = useParams();
  return (
    <KitProvider projectSlug={olympiadName ?? null}>
      <ShellLayout
        brand={
          <Text fw={700} size="lg">
            Teacher portal
          </Text>
        }
        navSections={portalNavigation(routes, route, olympiadName)}
      >
        {children}
      </ShellLayout>
    </KitProvider>
  );
}
