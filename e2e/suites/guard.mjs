// The section 6 guard and the 401 rule against the real server.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { onPage } from '../support/browser.mjs';
import { signIn, storedUser } from '../support/sign-in.mjs';

export function guardSuite(context) {
  describe('guard', () => {
    it(
      'sends a teacher who opens an admin address to /login',
      onPage(context.browser, async (page) => {
        await signIn(page, context.baseUrl, { username: 'teacher@example.org', loginType: 'teacher' });
        await page.waitForURL(`${context.baseUrl}/portal`);
        await page.goto(`${context.baseUrl}/geography/admin/reports/overview`);
        await page.waitForURL(`${context.baseUrl}/login`);
        await page.getByRole('heading', { name: 'You are signed in' }).waitFor();
      }),
    );

    it(
      'tells a teacher who opens Finished, which anyone signed in may open, that it is a learner\'s page',
      onPage(context.browser, async (page) => {
        await signIn(page, context.baseUrl, { username: 'teacher@example.org', loginType: 'teacher' });
        await page.waitForURL(`${context.baseUrl}/portal`);
        await page.goto(`${context.baseUrl}/geography/olympiad/finished`);
        await page.getByRole('heading', { name: 'Finished' }).waitFor();
        await page.getByRole('alert').getByText('This page is for a learner who writes the olympiad, and you are not signed in as one.').waitFor();
      }),
    );

    it(
      'sends a visitor without a user from an overlord address to /login',
      onPage(context.browser, async (page) => {
        await page.goto(`${context.baseUrl}/overlord/edit/users`);
        await page.waitForURL(`${context.baseUrl}/login`);
        await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      }),
    );

    it(
      'clears a forged token at the first 401 and sends the visitor to /login',
      onPage(context.browser, async (page) => {
        await page.goto(`${context.baseUrl}/login`);
        await page.evaluate(() =>
          window.localStorage.setItem(
            'user',
            JSON.stringify({ id: 1, role: 'overlord', firstName: 'Eve', lastName: 'Forger', accessToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.forged' }),
          ),
        );
        const unauthorized = page.waitForResponse((response) => response.url().includes('/api/') && response.status() === 401);
        await page.goto(`${context.baseUrl}/overlord/overview`);
        await unauthorized;
        await page.waitForURL(`${context.baseUrl}/login`);
        assert.equal(await storedUser(page), null);
      }),
    );

    it(
      'lands old hash links on the same screen',
      onPage(context.browser, async (page) => {
        await page.goto(`${context.baseUrl}/#/login`);
        await page.waitForURL(`${context.baseUrl}/login`);
        await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      }),
    );

    it(
      'shows the not-found page for an unknown address',
      onPage(context.browser, async (page) => {
        await page.goto(`${context.baseUrl}/no-such-project/or/page`);
        await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      }),
    );

    it(
      'signs out: the stored user is cleared and the sign-in page shows',
      onPage(context.browser, async (page) => {
        await signIn(page, context.baseUrl, { username: 'overlord@example.org', loginType: 'overlord' });
        await page.waitForURL(`${context.baseUrl}/overlord/overview`);
        await page.getByRole('button', { name: /Account menu/ }).click();
        await page.getByRole('menuitem', { name: 'Sign out' }).click();
        await page.waitForURL(`${context.baseUrl}/login`);
        assert.equal(await storedUser(page), null);
      }),
    );
  });
}
