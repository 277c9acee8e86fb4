// The admin layout's navigation: the olympiad's screens that the signed-in role may open, each under the
// path of the role's own section (/finance/ for accountants, /funding/ for funding, …), in groups.
import { admits, type Role } from '@olympiad/shared/access/access-matrix';
import type { AppRoute } from '@olympiad/shared/access/route-table';
import type { NavSection } from '@olympiad/shared/layouts/shell-layout';

export const SECTION_OF_ROLE: Partial<Record<Role, string>> = {
  admin: 'admin',
  accountant: 'finance',
  funding: 'funding',
  marketing: 'marketing',
};

const GROUPS: { segment: string | null; label: string }[] = [
  { segment: null, label: 'Olympiad' },
  { segment: 'edit', label: 'Edit' },
  { segment: 'reports', label: 'Reports' },
  { segment: 'results', label: 'Results' },
];

/** `/:olympiadName/<section>/<group>/…`: the group is the segment after the section, when it has one. */
function groupOf(route: AppRoute): string | null {
  const segments = route.path.split('/').filter(Boolean);
  const group = segments[2];
  return segments.length >= 4 && group !== undefined && GROUPS.some((g) => g.segment === group) ? group : null;
}

/** The route a role should use for a screen: the alias under its own section, else the first. */
export function routeForRole(routes: AppRoute[], key: string, role: Role): AppRoute | undefined {
  const candidates = routes.filter((route) => route.key === key);
  const section = SECTION_OF_ROLE[role];
  return candidates.find((route) => route.path.split('/')[2] === section) ?? candidates[0];
}

export function adminNavigation(routes: AppRoute[], role: Role, olympiadName: string, currentKey: string): NavSection[] {
  const keys = [...new Set(routes.filter((route) => route.layout === 'admin' && admits(route, role)).map((r) => r.key))];
  const items = keys
    .map((key) => routeForRole(routes, key, role))
    .filter((route): route is AppRoute => route !== undefined)
    .map((route) => ({
      group: groupOf(route),
      item: { key: route.key, label: route.title, href: route.getHref({ olympiadName }), active: route.key === currentKey },
    }));
  return GROUPS.map((group) => ({
    label: group.label,
    items: items.filter((entry) => entry.group === group.segment).map((entry) => entry.item),
  })).filter((section) => section.items.length > 0);
}
