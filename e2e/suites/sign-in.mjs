// Each demo role signs in on /login and lands on its home (the access matrix's `homes`).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { onPage } from '../support/browser.mjs';
import { LEARNER } from '../support/server.mjs';
import { signIn, storedUser } from '../support/sign-in.mjs';

const ROLES = [
  { role: 'overlord', username: 'overlord@example.org', loginType: 'overlord', home: '/overlord/overview', heading: 'Overlord Overview' },
  { role: 'admin', username: 'admin@example.org', loginType: 'admin', olympiadName: 'geography', home: '/geography/admin/reports/overview', heading: 'Overview' },
  { role: 'accountant', username: 'accountant@example.org', loginType: 'admin', olympiadName: 'geography', home: '/geography/finance/payments', heading: 'Payment Portal' },
  { role: 'funding', username: 'funding@example.org', loginType: 'admin', olympiadName: 'geography', home: '/geography/funding/payments', heading: 'Payment Portal' },
  { role: 'marketing', username: 'marketing@example.org', loginType: 'admin', olympiadName: 'geography', home: '/geography/marketing/edit/schools', heading: 'Schools' },
  { role: 'teacher', username: 'teacher@example.org', loginType: 'teacher', home: '/portal', heading: 'My Olympiads' },
  { role: 'learner', username: LEARNER.username, loginType: 'learner', olympiadName: LEARNER.olympiad, password: LEARNER.password, home: '/geography/olympiad/instructions', heading: 'Instructions' },
];

export function signInSuite(context) {
  describe('sign-in lands each role on its home', () => {
    for (const account of ROLES) {
      it(
        `${account.role} lands on ${account.home}`,
        onPage(context.browser, async (page) => {
          await signIn(page, context.baseUrl, account);
          await page.waitForURL(`${context.baseUrl}${account.home}`);
          await page.getByRole('heading', { level: 1, name: account.heading, exact: true }).waitFor();
          const user = JSON.parse(await storedUser(page));
          assert.equal(user.role, account.role);
          assert.equal(typeof user.accessToken, 'string');
          assert.ok(user.accessToken.length > 20);
        }),
      );
    }

    it(
      'names the faulty field when the password is wrong',
      onPage(context.browser, async (page) => {
        await page.goto(`${context.baseUrl}/login`);
        await page.getByRole('radio', { name: 'Teacher', exact: true }).check();
        await page.getByLabel('E-mail address').fill('teacher@example.org');
        await page.getByLabel('Password', { exact: true }).fill('not-the-password');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.locator('input[type=password][aria-invalid=true]').waitFor();
        await page.getByText('The username or password is not correct.').waitFor();
        assert.equal(await page.getByLabel('E-mail address').getAttribute('aria-invalid'), null);
        assert.equal(await storedUser(page), null);
      }),
    );
  });
}
