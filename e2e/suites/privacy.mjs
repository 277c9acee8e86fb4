// Privacy (POPIA), on the overlord's screen: find a demo learner, see what is held, download the export
// (one JSON document holding the learner), erase them with a reason behind the confirmation, and find
// them gone by name; the retention settings on System Config are saved.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { onPage } from '../support/browser.mjs';
import { signIn } from '../support/sign-in.mjs';

export function privacySuite(context) {
  describe('privacy', () => {
    it(
      'the overlord exports a learner and erases them',
      onPage(context.browser, async (page) => {
        const base = context.baseUrl;
        await signIn(page, base, { username: 'overlord@example.org', loginType: 'overlord' });
        await page.waitForURL(`${base}/overlord/overview`);
        await page.goto(`${base}/overlord/privacy`);
        await page.getByRole('searchbox', { name: 'Find a learner or a teacher' }).fill('Hlongwane');
        const learners = page.getByRole('table', { name: /^Learners/ });
        await learners.getByText('Busisiwe Hlongwane').waitFor();
        await learners.getByRole('button', { name: 'Show what is held about Busisiwe Hlongwane' }).click();
        const held = page.getByRole('table', { name: 'Rows held, by table' });
        await held.getByText('learners', { exact: true }).waitFor();

        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Download the export (JSON)' }).click();
        const file = await download;
        assert.match(file.suggestedFilename(), /^learner-\d+-personal-data\.json$/);
        const data = JSON.parse(await readFile(await file.path(), 'utf8'));
        assert.equal(data.tables.learners[0].last_name, 'Hlongwane');
        assert.equal(data.tables.learners.length, 1);

        await page.getByRole('button', { name: 'Erase…' }).click();
        const dialog = page.getByRole('dialog', { name: 'Erase Busisiwe Hlongwane?' });
        await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
        await dialog.getByText(/Say why/).waitFor();
        await dialog.getByRole('textbox', { name: 'Reason' }).fill('Asked by her guardian in writing');
        await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
        await page.getByText(/^Erased:/).first().waitFor();

        // The search runs again: the name is found no more.
        await page.getByRole('heading', { name: 'Learners (0)' }).waitFor();
      }),
    );

    it(
      'keeps the retention settings on System Config',
      onPage(context.browser, async (page) => {
        const base = context.baseUrl;
        await signIn(page, base, { username: 'overlord@example.org', loginType: 'overlord' });
        await page.waitForURL(`${base}/overlord/overview`);
        await page.goto(`${base}/overlord/system-config`);
        const form = page.getByRole('form', { name: 'Retention' });
        await form.getByRole('textbox', { name: 'App logs (days)' }).fill('90');
        await form.getByRole('button', { name: 'Save retention' }).click();
        await page.getByText('The retention settings are saved.').waitFor();
        await page.reload();
        assert.equal(await page.getByRole('form', { name: 'Retention' }).getByRole('textbox', { name: 'App logs (days)' }).inputValue(), '90');
      }),
    );
  });
}
