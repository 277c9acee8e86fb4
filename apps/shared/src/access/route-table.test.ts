import { describe, expect, it } from 'vitest';
import { accessMatrix, type AppName } from './access-matrix';
import { buildRouteTable, routeOf } from './route-table';
import { appOfPath } from './app-of-path';
import { screens as adminScreens } from '../../../admin/src/app/screens';
import { screens as portalScreens } from '../../../portal/src/app/screens';
import { screens as publicScreens } from '../../../public/src/app/screens';
import { layouts as adminLayouts } from '../../../admin/src/app/layouts';
import { layouts as portalLayouts } from '../../../portal/src/app/layouts';
import { layouts as publicLayouts } from '../../../public/src/app/layouts';

const APPS: AppName[] = ['admin', 'portal', 'public'];
const loaders = { admin: adminScreens, portal: portalScreens, public: publicScreens };
const layoutLoaders = { admin: adminLayouts, portal: portalLayouts, public: publicLayouts };

/** Spec section 2, every path and alias, with the screen that answers it. */
const SPEC_PATHS: [string, string][] = [
  ['/:olympiadName/finance/payments', 'paymentPortal'],
  ['/:olympiadName/funding/payments', 'paymentPortal'],
  ['/:olympiadName/admin/payments', 'paymentsDashboard'],
  ['/:olympiadName/admin/edit/interested-and-affected-parties', 'interestedAndAffectedParties'],
  ['/:olympiadName/funding/edit/interested-and-affected-parties', 'interestedAndAffectedParties'],
  ['/:olympiadName/admin/edit/participating-learners', 'participatingLearners'],
  ['/:olympiadName/admin/edit/general-copy', 'generalCopy'],
  ['/:olympiadName/admin/edit/schools', 'schools'],
  ['/:olympiadName/finance/edit/schools', 'schools'],
  ['/:olympiadName/funding/edit/schools', 'schools'],
  ['/:olympiadName/marketing/edit/schools', 'schools'],
  ['/:olympiadName/admin/edit/participating-teachers', 'participatingTeachers'],
  ['/:olympiadName/finance/edit/participating-teachers', 'participatingTeachers'],
  ['/:olympiadName/funding/edit/participating-teachers', 'participatingTeachers'],
  ['/:olympiadName/admin/edit/all-teachers', 'allTeachers'],
  ['/:olympiadName/finance/edit/all-teachers', 'allTeachers'],
  ['/:olympiadName/funding/edit/all-teachers', 'allTeachers'],
  ['/:olympiadName/funding/edit/team-admins', 'teamAdmins'],
  ['/:olympiadName/admin/edit/team-admins', 'teamAdmins'],
  ['/:olympiadName/admin/edit/learners', 'learners'],
  ['/:olympiadName/admin/edit/question-modules', 'questionModules'],
  ['/:olympiadName/admin/edit/mass-mailers', 'massMailers'],
  ['/:olympiadName/funding/edit/mass-mailers', 'massMailers'],
  ['/:olympiadName/admin/edit/questions', 'questions'],
  ['/:olympiadName/admin/edit/system-emails', 'systemEmails'],
  ['/:olympiadName/admin/edit/participating-schools', 'participatingSchools'],
  ['/:olympiadName/finance/edit/participating-schools', 'participatingSchools'],
  ['/:olympiadName/funding/edit/participating-schools', 'participatingSchools'],
  ['/:olympiadName/admin/edit/participating-countries', 'participatingCountries'],
  ['/:olympiadName/admin/edit/countries', 'countries'],
  ['/:olympiadName/admin/edit/website-copy', 'websiteCopy'],
  ['/:olympiadName/admin/file-attachments', 'fileManager'],
  ['/:olympiadName/admin/settings-and-actions', 'settingsAndActions'],
  ['/:olympiadName/admin/reports/email-logs', 'emailLogs'],
  ['/:olympiadName/admin/reports/unsubscribes', 'unsubscribes'],
  ['/:olympiadName/funding/reports/unsubscribes', 'unsubscribes'],
  ['/:olympiadName/admin/reports/verify-questions', 'verifyQuestions'],
  ['/:olympiadName/admin/reports/overview', 'overview'],
  ['/:olympiadName/admin/eoi', 'expressionsOfInterest'],
  ['/:olympiadName/finance/eoi', 'expressionsOfInterest'],
  ['/:olympiadName/funding/eoi', 'expressionsOfInterest'],
  ['/:olympiadName/admin/results/moderation', 'resultsModeration'],
  ['/:olympiadName/admin/results/edit-certificates', 'editCertificates'],
  ['/:olympiadName/admin/results/view', 'viewResults'],
  ['/:olympiadName/admin/results/browse-certificates', 'browseCertificates'],
  ['/:olympiadName/admin/results/generate-and-send-certificates', 'sendCertificates'],
  ['/:olympiadName/olympiad/instructions', 'instructions'],
  ['/:olympiadName/olympiad/declaration', 'declaration'],
  ['/:olympiadName/olympiad/recovery-pin', 'recoveryPin'],
  ['/:olympiadName/olympiad/learner-details', 'learnerDetails'],
  ['/:olympiadName/olympiad/:moduleIndex/:questionIndex', 'olympiadQuestion'],
  ['/:olympiadName/olympiad/finished', 'finished'],
  ['/overlord/edit/schools', 'allSchools'],
  ['/overlord/learner-login-activity', 'learnerLogins'],
  ['/overlord/merge-schools', 'mergeSchools'],
  ['/overlord/merge-countries', 'mergeCountries'],
  ['/overlord/school-emails-overview', 'schoolEmailsOverview'],
  ['/overlord/campaigns', 'campaigns'],
  ['/overlord/learner-parent-interest', 'nonTeacherInterest'],
  ['/overlord/notes/before-olympiad', 'olympiadNotes'],
  ['/overlord/notes/common-issues', 'commonIssues'],
  ['/overlord/overview', 'overlordOverview'],
  ['/overlord/system-config', 'systemConfig'],
  ['/overlord/general-copy', 'overlordGeneralCopy'],
  ['/overlord/edit/olympiads', 'olympiads'],
  ['/overlord/edit/terms-and-conditions', 'termsAndConditions'],
  ['/overlord/search', 'search'],
  ['/overlord/app-log-viewer', 'appLogViewer'],
  ['/overlord/activity-logs', 'activityLogs'],
  ['/overlord/sanity-logs', 'sanityLogs'],
  ['/overlord/unsubscribes', 'overlordUnsubscribes'],
  ['/overlord/bounces', 'bounces'],
  ['/overlord/mass-mail-queue', 'massMailQueue'],
  ['/overlord/mass-mail-summary', 'massMailSummary'],
  ['/overlord/file-attachments', 'overlordFileAttachments'],
  ['/overlord/uploads', 'uploads'],
  ['/overlord/edit/email-copy', 'emailCopy'],
  ['/overlord/email-logs', 'overlordEmailLogs'],
  ['/overlord/edit/accounts', 'accounts'],
  ['/overlord/edit/faqs', 'faqs'],
  ['/overlord/edit/testimonials', 'testimonials'],
  ['/overlord/edit/olympiads-projects', 'productProjects'],
  ['/overlord/edit/olympiads-sub-projects', 'productSubProjects'],
  ['/overlord/edit/users', 'users'],
  ['/overlord/edit/mass-mails', 'massMails'],
  ['/overlord/tasks', 'tasks'],
  ['/overlord/shunned-emails', 'shunnedEmails'],
  ['/portal', 'portalHome'],
  ['/portal/faq', 'portalFaq'],
  ['/portal/my-profile', 'myProfile'],
  ['/portal/update-password', 'updatePassword'],
  ['/portal/:olympiadName', 'portalOlympiad'],
  ['/portal/:olympiadName/certificates', 'portalCertificates'],
  ['/portal/:olympiadName/invoices', 'portalInvoices'],
  ['/portal/:olympiadName/load-learners', 'loadLearners'],
  ['/portal/:olympiadName/faq', 'portalOlympiadFaq'],
  ['/portal/:olympiadName/school', 'portalSchool'],
  ['/portal/:olympiadName/team', 'portalTeam'],
  ['/portal/pay/:uuid/:state?', 'makePayment'],
  ['/olympiads/home', 'productHome'],
  ['/olympiads/about', 'productAbout'],
  ['/olympiads/our-partners', 'productPartners'],
  ['/olympiads/faq', 'productFaq'],
  ['/olympiads/contact', 'productContact'],
  ['/olympiads/our-users', 'productUsers'],
  ['/:projectName/home', 'projectHome'],
  ['/:projectName/mytutor', 'myTutor'],
  ['/:projectName/express-interest', 'expressInterest'],
  ['/:projectName/top-results', 'topResults'],
  ['/:projectName/about', 'projectAbout'],
  ['/:projectName/participation-and-rules', 'participationAndRules'],
  ['/:projectName/past-olympiads', 'pastOlympiads'],
  ['/:projectName/past-winners', 'pastWinners'],
  ['/:projectName/contact', 'projectContact'],
  ['/:projectName/faq', 'projectFaq'],
  ['/maintenance', 'maintenance'],
  ['/login', 'login'],
  ['/:olympiadName/login', 'login'],
  ['/verify-email/:uuid', 'verifyEmail'],
  ['/:olympiadName/unsubscribe/:ref?', 'unsubscribe'],
  ['/unsubscribe/:ref?', 'unsubscribe'],
  ['/', 'watch'],
  ['/mytutor', 'myTutorLanding'],
  ['/email-validation-page', 'emailValidation'],
  ['*', 'notFound'],
];

const tables = Object.fromEntries(APPS.map((app) => [app, buildRouteTable(app, { product: 'olympiads' })])) as Record<
  AppName,
  ReturnType<typeof buildRouteTable>
>;
const allRoutes = APPS.flatMap((app) => tables[app]);

/** A concrete address for a route path, for the server's app-by-path rule. */
function sample(path: string): string {
  if (path === '*') return '/no/such/page/here';
  return path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? (segment.endsWith('?') ? 'x' : 'geography') : segment))
    .join('/')
    .replace(/\/$/, '') || '/';
}

describe('route tables', () => {
  it.each(SPEC_PATHS)('spec path %s is routed to the %s screen', (path, key) => {
    const matches = allRoutes.filter((route) => route.path === path);
    expect(matches.map((route) => route.key)).toEqual([key]);
  });

  it('has one route per path of every visible screen of the matrix, and no other', () => {
    const expected = accessMatrix.screens.filter((s) => !s.shadowed).flatMap((s) => s.paths.map((p) => `${s.app} ${s.key} ${p.replace('{product}', 'olympiads')}`));
    const actual = APPS.flatMap((app) => tables[app].map((route) => `${app} ${route.key} ${route.path}`));
    expect(actual.sort()).toEqual(expected.sort());
  });

  it('takes every route’s roles, access, layout and props from the matrix', () => {
    for (const route of allRoutes) {
      const screen = accessMatrix.screens.find((s) => s.key === route.key)!;
      expect(route).toMatchObject({ roles: screen.roles, access: screen.access, layout: screen.layout, title: screen.title, props: screen.props ?? {} });
    }
  });

  it('keeps the shadowed public load-learners entry out, behind the teacher-only one', () => {
    const loadLearners = tables.portal.filter((route) => route.path === '/portal/:olympiadName/load-learners');
    expect(loadLearners).toHaveLength(1);
    expect(loadLearners[0]).toMatchObject({ key: 'loadLearners', roles: ['teacher'] });
  });

  it('gives each screen of every app a lazily loaded component and each layout a lazily loaded frame', () => {
    for (const app of APPS) {
      for (const route of tables[app]) {
        expect(typeof loaders[app][route.key], `${app} screen ${route.key}`).toBe('function');
        expect(typeof layoutLoaders[app][route.layout], `${app} layout ${route.layout}`).toBe('function');
      }
      const keys = new Set(tables[app].map((route) => route.key));
      expect(Object.keys(loaders[app]).filter((key) => !keys.has(key)), `${app} loaders without a screen`).toEqual([]);
    }
  });

  it('puts every route in the app that the server answers its path with', () => {
    for (const app of APPS) {
      for (const route of tables[app]) expect(appOfPath(sample(route.path)), route.path).toBe(app);
    }
  });

  it('builds addresses with getHref, optional parameters included', () => {
    const pay = routeOf(tables.portal, 'makePayment')!;
    expect(pay.getHref({ uuid: 'abc' })).toBe('/portal/pay/abc');
    expect(pay.getHref({ uuid: 'abc', state: 'paid' })).toBe('/portal/pay/abc/paid');
    const schools = routeOf(tables.admin, 'schools', '/:olympiadName/marketing')!;
    expect(schools.getHref({ olympiadName: 'geography' })).toBe('/geography/marketing/edit/schools');
    expect(routeOf(tables.admin, 'users')!.getHref()).toBe('/overlord/edit/users');
  });

  it('fills in the configured product', () => {
    const table = buildRouteTable('public', { product: 'reviews' });
    expect(table.find((route) => route.key === 'productHome')?.path).toBe('/reviews/home');
    expect(table.find((route) => route.key === 'productHome')?.definition).toBe('/{product}/home');
  });
});
