// The olympiad staff's layout: the olympiad's screens the role may open, and the olympiad switcher.
import { useParams } from 'react-router-dom';
import { Text } from '@mantine/core';
import { isRole } from '@olympiad/shared/access/access-matrix';
import type { LayoutComponentProps } from '@olympiad/shared/router/screen-types';
import { KitProvider } from '@olympiad/shared/ui/kit/kit-provider';
import { ShellLayout } from '@olympiad/shared/layouts/shell-layout';
import { useStoredUser } from '@olympiad/shared/session/stored-user';
import { adminNavigation } from '../../features/navigation/admin-navigation';
import { OlympiadSwitcher } from '../../features/olympiad-switcher/components/olympiad-switcher';

export default function AdminLayout({ route, routes, children }: LayoutComponentProps) {
  const { olympiadName = '' } = useParams();
  const user = useStoredUser();
  const role = user && isRole(user.role) ? user.role : null;
  return (
    <KitProvider projectSlug={olympiadName}>
      <ShellLayout
        brand={
          <Text fw={700} size="lg" visibleFrom="xs">
            Olympiad administration
          </Text>
        }
        headerEnd={<OlympiadSwitcher olympiadName={olympiadName} />}
        navSections={role ? adminNavigation(routes, role, olympiadName, route.key) : []}
      >
        {children}
      </ShellLayout>
    </KitProvider>
  );
}
