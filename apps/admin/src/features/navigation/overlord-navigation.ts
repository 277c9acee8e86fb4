// The overlord layout's navigation, in groups; a screen the groups do not name yet still appears, under
// "More", so that a screen added to the access matrix is never unreachable.
import type { AppRoute } from '@olympiad/shared/access/route-table';
import type { NavSection } from '@olympiad/shared/layouts/shell-layout';

export const OVERLORD_GROUPS: { label: string; keys: string[] }[] = [
  { label: 'Overview', keys: ['overlordOverview', 'search', 'olympiadNotes', 'commonIssues', 'tasks'] },
  {
    label: 'Schools and learners',
    keys: ['allSchools', 'learnerLogins', 'mergeSchools', 'mergeCountries', 'schoolEmailsOverview', 'nonTeacherInterest'],
  },
  {
    label: 'Mail',
    keys: ['campaigns', 'massMails', 'massMailQueue', 'massMailSummary', 'emailCopy', 'overlordEmailLogs', 'bounces', 'shunnedEmails', 'overlordUnsubscribes'],
  },
  {
    label: 'Content',
    keys: ['olympiads', 'productProjects', 'productSubProjects', 'overlordGeneralCopy', 'termsAndConditions', 'faqs', 'testimonials'],
  },
  {
    label: 'System',
    keys: ['users', 'accounts', 'systemConfig', 'appLogViewer', 'activityLogs', 'sanityLogs', 'overlordFileAttachments', 'uploads', 'privacy'],
  },
];

export function overlordNavigation(routes: AppRoute[], currentKey: string): NavSection[] {
  const overlordRoutes = routes.filter((route) => route.layout === 'overlord');
  const item = (route: AppRoute) => ({ key: route.key, label: route.title, href: route.getHref(), active: route.key === currentKey });
  const named = new Set(OVERLORD_GROUPS.flatMap((group) => group.keys));
  const sections: NavSection[] = OVERLORD_GROUPS.map((group) => ({
    label: group.label,
    items: group.keys
      .map((key) => overlordRoutes.find((route) => route.key === key))
      .filter((route): route is AppRoute => route !== undefined)
      .map(item),
  }));
  sections.push({ label: 'More', items: overlordRoutes.filter((route) => !named.has(route.key)).map(item) });
  return sections.filter((section) => section.items.length > 0);
}
