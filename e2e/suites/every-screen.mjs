// Every screen of the screen matrix (the server's, exported to apps/shared/src/generated), opened by each
// role that may see it, as a person of that role would: the screen stays at its address, shows its
// heading, throws no script error and meets no server error, and axe checks it against WCAG 2.2 AA
// (support/axe.mjs). So a screen no other suite opens cannot break or fail a person unnoticed. The learner's
// screens follow the sitting's steps and are opened in order by the sitting suite.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { onPage, PHONE } from '../support/browser.mjs';
import { signIn } from '../support/sign-in.mjs';
import { exampleAddress, matrix } from '../../apps/shared/scripts/size.mjs';

/** A tablet's screen, as the olympiad's accountant, funding and marketing staff often have. */
const TABLET = { width: 768, height: 1024 };

/**
 * Who opens the screens, on the screen they often have: the public and teachers on a phone, the narrower
 * staff roles on a tablet, the admin and overlord at a desk (onPage's own size).
 */
const VISITORS = [
  { role: 'public', viewport: PHONE },
  { role: 'teacher', account: { username: 'teacher@example.org', loginType: 'teacher' }, viewport: PHONE },
  ...['admin', 'accountant', 'funding', 'marketing'].map((role) => ({
    role,
    account: { username: `${role}@example.org`, loginType: 'admin', olympiadName: 'geography' },
    viewport: role === 'admin' ? undefined : TABLET,
  })),
  { role: 'overlord', account: { username: 'overlord@example.org', loginType: 'overlord' } },
];

/** The part of the address that names a staff role's area, where a screen has an address in each. */
const AREA = { admin: '/admin/', accountant: '/finance/', funding: '/funding/', marketing: '/marketing/' };

function mayOpen(screen, role) {
  // A shadowed screen has an address that another screen of the same app answers first.
  if (screen.shadowed) return false;
  if (screen.access === 'public') return role === 'public';
  if (screen.access === 'anyUser') return role === 'teacher';
  return screen.roles.includes(role);
}

/** The screen's path in the role's own area, where it has one there, else its first. */
function pathFor(screen, role) {
  return screen.paths.find((candidate) => AREA[role] && candidate.includes(AREA[role])) ?? screen.paths[0];
}

export function everyScreenSuite(context) {
  describe('every screen', () => {
    for (const { role, account, viewport } of VISITORS) {
      const screens = matrix.screens.filter((screen) => mayOpen(screen, role));
      it(
        `opens every screen the ${role} may see (${screens.length})`,
        onPage(context.browser, async (page) => {
          if (viewport) await page.setViewportSize(viewport);
          const failures = [];
          page.on('pageerror', (error) => failures.push(`script error: ${error.message}`));
          page.on('response', (response) => {
            const status = response.status();
            const { pathname } = new URL(response.url());
            if (!pathname.startsWith('/api/')) return;
            // Finished is open to anyone signed in: for one who is not a learner, the sitting is refused
            // (403) and the screen says it is a learner's page (the guard suite reads it).
            const refusedSitting = status === 403 && pathname === '/api/sitting';
            if (status >= 500 || status === 401 || (status === 403 && !refusedSitting)) {
              failures.push(`${status} from ${response.request().method()} ${pathname}`);
            }
          });
          if (account) {
            await signIn(page, context.baseUrl, account);
            await page.waitForURL((url) => url.pathname !== '/login');
          }
          for (const screen of screens) {
            const address = exampleAddress(pathFor(screen, role));
            const before = failures.length;
            await page.goto(`${context.baseUrl}${address}`);
            const heading = page.locator('h1').first();
            await heading.waitFor();
            await page.waitForLoadState('networkidle');
            assert.equal(decodeURIComponent(new URL(page.url()).pathname), address, `${screen.key} (${screen.title}) left its address`);
            assert.notEqual((await heading.textContent()).trim(), '', `${screen.key} (${screen.title}) has an empty heading`);
            assert.deepEqual(failures.slice(before), [], `${screen.key} (${screen.title}) at ${address}`);
          }
        }),
      );
    }
  });
}
