// `npm run screenshots --workspace e2e`: the main pages as a person sees them, against the real server
// on a fresh demo database, saved to e2e/artifacts/screens/*.png (for reviews; not a test).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { artifactsDir, startServer } from '../support/server.mjs';
import { launchBrowser } from '../support/browser.mjs';
import { signIn } from '../support/sign-in.mjs';

const ADMIN = { username: 'admin@example.org', loginType: 'admin', olympiadName: 'geography' };
const OVERLORD = { username: 'overlord@example.org', loginType: 'overlord' };

const SHOTS = [
  { name: 'home', path: '/' },
  { name: 'login', path: '/login' },
  { name: 'login-geography', path: '/geography/login' },
  { name: 'project-geography', path: '/geography' },
  { name: 'not-found', path: '/no/such/page' },
  { name: 'overlord-users', path: '/overlord/edit/users', as: { username: 'overlord@example.org', loginType: 'overlord' } },
  { name: 'admin-overview', path: '/geography/admin/reports/overview', as: { username: 'admin@example.org', loginType: 'admin', olympiadName: 'geography' } },
  { name: 'accountant-payments', path: '/geography/finance/payments', as: { username: 'accountant@example.org', loginType: 'admin', olympiadName: 'geography' } },
  { name: 'teacher-portal', path: '/portal', as: { username: 'teacher@example.org', loginType: 'teacher' } },
  ...[
    ['admin-question-modules', '/geography/admin/edit/question-modules'],
    ['admin-questions', '/geography/admin/edit/questions'],
    ['admin-question-editor', '/geography/admin/edit/questions?question=1'],
    ['admin-verify-questions', '/geography/admin/reports/verify-questions'],
    ['admin-file-manager', '/geography/admin/file-attachments'],
    ['admin-settings-and-actions', '/geography/admin/settings-and-actions'],
  ].flatMap(([name, path]) => [
    { name, path, as: ADMIN },
    { name: `${name}-768`, path, as: ADMIN, viewport: { width: 768, height: 1024 } },
  ]),
  { name: 'overlord-file-attachments', path: '/overlord/file-attachments', as: OVERLORD },
  { name: 'overlord-uploads', path: '/overlord/uploads', as: OVERLORD },
  { name: 'teacher-entry', path: '/portal/geography', as: { username: 'teacher@example.org', loginType: 'teacher' } },
  { name: 'teacher-load-learners', path: '/portal/geography/load-learners', as: { username: 'teacher@example.org', loginType: 'teacher' } },
  { name: 'teacher-team', path: '/portal/geography/team', as: { username: 'teacher@example.org', loginType: 'teacher' } },
  { name: 'express-interest', path: '/geography/express-interest' },
  { name: 'admin-schools', path: '/geography/admin/edit/schools', as: { username: 'admin@example.org', loginType: 'admin', olympiadName: 'geography' } },
  { name: 'admin-eoi', path: '/geography/admin/eoi', as: { username: 'admin@example.org', loginType: 'admin', olympiadName: 'geography' } },
  { name: 'admin-participating-learners', path: '/geography/admin/edit/participating-learners', as: { username: 'admin@example.org', loginType: 'admin', olympiadName: 'geography' } },
  { name: 'overlord-merge-schools', path: '/overlord/merge-schools', as: { username: 'overlord@example.org', loginType: 'overlord' } },
];

const dir = join(artifactsDir, 'screens');
mkdirSync(dir, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  // `npm run screenshots --workspace e2e -- admin-` takes only the shots whose names contain `admin-`.
  const only = process.argv[2];
  for (const shot of SHOTS.filter((candidate) => !only || candidate.name.includes(only))) {
    const context = await browser.newContext({ viewport: shot.viewport ?? { width: 1280, height: 800 } });
    const page = await context.newPage();
    if (shot.as) {
      await signIn(page, server.baseUrl, shot.as);
      await page.waitForURL((url) => url.pathname !== '/login');
    }
    await page.goto(`${server.baseUrl}${shot.path}`);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(dir, `${shot.name}.png`), fullPage: Boolean(shot.viewport) });
    console.log(`${shot.name}: ${page.url()}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
