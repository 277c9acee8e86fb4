// The overlord's area on real data: every olympiad at a glance; signing in as the demo teacher from
// Accounts (an impersonation), which the activity log then shows; the notes keep what is saved; and the
// tasks, sanity logs, search and app log screens load.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { onPage } from '../support/browser.mjs';
import { signIn, storedUser } from '../support/sign-in.mjs';

export function overlordSuite(context) {
  describe('overlord area', () => {
    it(
      'impersonates the demo teacher from Accounts, and the activity log shows it',
      onPage(context.browser, async (page) => {
        const base = context.baseUrl;
        await signIn(page, base, { username: 'overlord@example.org', loginType: 'overlord' });
        await page.waitForURL(`${base}/overlord/overview`);
        await page.getByRole('table', { name: 'Every olympiad at a glance' }).locator('tbody tr').first().waitFor();

        await page.goto(`${base}/overlord/edit/accounts`);
        await page.getByRole('textbox', { name: 'Search Accounts' }).fill('teacher@');
        await page.getByRole('table', { name: 'Accounts' }).getByText('teacher@example.org').first().waitFor();
        await page.getByRole('textbox', { name: 'Their e-mail address' }).fill('teacher@example.org');
        await page.getByRole('textbox', { name: 'Olympiad' }).click();
        await page.getByRole('option', { name: /\(geography,/ }).click();
        await page.getByRole('button', { name: 'Sign in as them' }).click();
        await page.waitForURL(/\/portal/, { waitUntil: 'commit' });
        await page.waitForLoadState('networkidle');
        const user = JSON.parse(await storedUser(page));
        assert.equal(user.role, 'teacher');
        assert.ok(user.impersonatedBy, 'the session names the overlord behind it');

        await page.evaluate(() => window.localStorage.removeItem('user'));
        await signIn(page, base, { username: 'overlord@example.org', loginType: 'overlord' });
        await page.waitForURL(`${base}/overlord/overview`);
        await page.goto(`${base}/overlord/activity-logs`);
        const log = page.getByRole('table', { name: 'Activity log' });
        await log.getByText('impersonate', { exact: true }).first().waitFor();
        await page.getByRole('textbox', { name: 'Search Activity log' }).fill('impersonate');
        await log.getByText('overlord@example.org').first().waitFor();
      }),
    );

    it(
      'keeps a note with its history, and opens the tasks, sanity logs, search and app log',
      onPage(context.browser, async (page) => {
        const base = context.baseUrl;
        await signIn(page, base, { username: 'overlord@example.org', loginType: 'overlord' });
        await page.waitForURL(`${base}/overlord/overview`);

        await page.goto(`${base}/overlord/notes/common-issues`);
        const editor = page.getByRole('textbox', { name: 'The note' });
        await editor.click();
        await page.keyboard.type('Print the login slips a day early.');
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await page.getByRole('table', { name: 'Versions of the note' }).getByText('(current)', { exact: false }).waitFor();

        await page.goto(`${base}/overlord/sanity-logs`);
        await page.getByRole('button', { name: 'Run the checks now' }).click();
        await page.getByText(/finding\(s\)/).first().waitFor();

        await page.goto(`${base}/overlord/tasks`);
        await page.getByRole('table', { name: 'Tasks' }).waitFor();

        await page.goto(`${base}/overlord/search`);
        await page.getByRole('searchbox', { name: 'Search' }).fill('waterkloof');
        await page.getByRole('table', { name: /^Schools/ }).getByText('Waterkloof High School').first().waitFor();

        await page.goto(`${base}/overlord/app-log-viewer`);
        await page.getByRole('table', { name: 'App log' }).waitFor();
      }),
    );
  });
}
