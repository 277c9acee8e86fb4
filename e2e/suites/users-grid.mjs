// The overlord's users grid on real data: rows load, search narrows them, a role filter applies.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { onPage } from '../support/browser.mjs';
import { signIn } from '../support/sign-in.mjs';

export function usersGridSuite(context) {
  describe('overlord users grid', () => {
    it(
      'lists the demo users, searches and filters them',
      onPage(context.browser, async (page) => {
        await signIn(page, context.baseUrl, { username: 'overlord@example.org', loginType: 'overlord' });
        await page.waitForURL(`${context.baseUrl}/overlord/overview`);
        await page.getByRole('link', { name: 'Users', exact: true }).click();
        await page.waitForURL(`${context.baseUrl}/overlord/edit/users`);
        const table = page.getByRole('table', { name: 'Users' });
        await table.getByText('accountant@example.org').waitFor();
        await page.getByRole('textbox', { name: 'Search Users' }).fill('marketing@');
        await page.getByText('Showing 1–1 of 1').waitFor();
        await table.getByText('marketing@example.org').waitFor();
        await page.getByRole('textbox', { name: 'Search Users' }).fill('');
        const count = page.getByText(/^Showing 1–\d+ of \d+$/);
        await page.waitForFunction(() => !/of 1$/.test(document.body.innerText.match(/Showing 1–\d+ of \d+/)?.[0] ?? 'of 1'));
        const total = Number((await count.textContent()).split(' of ')[1]);
        assert.ok(total >= 7, `expected at least the seven demo users, saw ${total}`);
        assert.equal(await table.locator('tbody tr').count(), Math.min(total, 25));

        await page.getByRole('textbox', { name: 'Filter Roles' }).click();
        await page.getByRole('option', { name: 'accountant', exact: true }).click();
        await page.getByText('Showing 1–1 of 1').waitFor();
        await table.getByText('accountant@example.org').waitFor();
      }),
    );
  });
}
