// How a school gets into an olympiad, in the browser against the real binary: a visitor expresses
// interest and confirms the address by the e-mailed link; the admin turns it into a school entry; the
// demo teacher loads learners from a spreadsheet with a bad row, fixes it and downloads the login slips,
// then corrects a misspelt name and adds a late learner by hand; the overlord merges the demo's duplicate
// school.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import writeXlsxFile from 'write-excel-file/node';
import { onPage } from '../support/browser.mjs';
import { linkFromOutbox } from '../support/outbox.mjs';
import { signIn } from '../support/sign-in.mjs';

export function schoolsSuite(context) {
  describe('schools, interest and learners', () => {
    // Folders the tests make for their files, removed when the suite ends.
    const folders = [];
    after(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

    it(
      'a visitor expresses interest and confirms it; the admin turns it into a school entry',
      onPage(context.browser, async (page) => {
        const base = context.baseUrl;
        await page.goto(`${base}/geography/express-interest`);
        await page.getByLabel('First name').fill('Palesa');
        await page.getByLabel('Last name').fill('Sekhukhune');
        await page.getByLabel('E-mail address').fill('palesa@sekhukhune.example.org');
        await page.getByRole('textbox', { name: /^School/ }).fill('Sekhukhune Combined School');
        await page.getByLabel('Province').selectOption('Limpopo');
        await page.getByLabel('Town').fill('Jane Furse');
        await page.getByRole('button', { name: 'Send' }).click();
        await page.getByText('Please confirm your e-mail address').waitFor();

        const link = await linkFromOutbox(context.dataDir, /https?:\/\/[^\s"<>]+\/verify-email\/[0-9a-f-]{36}/);
        await page.goto(link);
        await page.getByText('Your e-mail address is confirmed').waitFor();

        await signIn(page, base, { username: 'admin@example.org', loginType: 'admin', olympiadName: 'geography' });
        await page.waitForURL(`${base}/geography/admin/reports/overview`);
        await page.goto(`${base}/geography/admin/eoi`);
        const table = page.getByRole('table', { name: 'Expressions of interest' });
        const row = table.getByRole('row').filter({ hasText: 'palesa@sekhukhune.example.org' });
        await row.getByText('verified', { exact: true }).waitFor();
        await row.getByRole('button', { name: 'Open' }).click();
        const drawer = page.getByRole('dialog', { name: 'Palesa Sekhukhune' });
        await drawer.getByText('No school looks like this one.').waitFor();
        await drawer.getByRole('button', { name: 'None of these: add a new school' }).click();
        const newSchool = drawer.getByRole('form', { name: 'New school' });
        assert.equal(await newSchool.getByLabel('Name').inputValue(), 'Sekhukhune Combined School');
        await newSchool.getByRole('button', { name: 'Add the school and enter it' }).click();
        await page.getByText('Sekhukhune Combined School is added and entered.').waitFor();

        await page.goto(`${base}/geography/admin/edit/participating-schools`);
        const entries = page.getByRole('table', { name: 'Participating schools' });
        const entry = entries.getByRole('row').filter({ hasText: 'Sekhukhune Combined School' });
        await entry.getByText('Palesa Sekhukhune').first().waitFor();
      }),
    );

    it(
      'a teacher loads learners from a spreadsheet, fixes the bad row and downloads the login slips',
      onPage(context.browser, async (page) => {
        const base = context.baseUrl;
        const folder = await mkdtemp(join(tmpdir(), 'olympiad-e2e-sheet-'));
        folders.push(folder);
        const sheet = join(folder, 'learners.xlsx');
        await writeXlsxFile([
          ['First name', 'Last name', 'Grade', 'Class'].map((value) => ({ value })),
          [{ value: 'Nthabiseng' }, { value: 'Mahlaba' }, { value: 10 }, { value: 'C' }],
          [{ value: 'Kabelo' }, { value: 'Seema' }, { value: 14 }, { value: 'C' }],
          [{ value: 'Chloé' }, { value: 'Naidoo' }, { value: 11 }, { value: 'D' }],
        ]).toFile(sheet);

        await signIn(page, base, { username: 'teacher@example.org', loginType: 'teacher' });
        await page.waitForURL(`${base}/portal`);
        await page.getByRole('link', { name: 'Open' }).first().click();
        await page.waitForURL(`${base}/portal/geography`);
        await page.getByRole('link', { name: 'Learners', exact: true }).click();
        await page.waitForURL(`${base}/portal/geography/load-learners`);

        await page.locator('input[type=file]').setInputFiles(sheet);
        await page.getByRole('button', { name: 'Check the file' }).click();
        await page.getByText('3 learners; 1 row with problems.').waitFor();
        await page.getByText('must be a grade of this olympiad: 8 to 12').waitFor();
        const load = page.getByRole('button', { name: 'Load 3 learners' });
        assert.equal(await load.isDisabled(), true, 'a file with problems is not loaded');
        await page.getByRole('textbox', { name: 'Row 3 Grade' }).fill('12');
        await page.getByText('3 learners; no problems.').waitFor();
        await load.click();
        await page.getByText('3 learners are loaded.').waitFor();

        const slips = page.getByRole('table', { name: 'New sign-ins' });
        await slips.getByText('Kabelo Seema').waitFor();
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Download login slips (PDF)' }).click();
        const file = await download;
        assert.match(file.suggestedFilename(), /^login-slips-geography\.pdf$/);
        const pdf = await readFile(await file.path());
        assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');

        // The loaded learners are listed below, with their usernames.
        await page.getByRole('table', { name: 'Learners' }).getByText('Nthabiseng Mahlaba').waitFor();
      }),
    );

    it(
      'a teacher corrects a misspelt name and adds a late learner, who gets a login slip',
      onPage(context.browser, async (page) => {
        const base = context.baseUrl;
        await signIn(page, base, { username: 'teacher@example.org', loginType: 'teacher' });
        await page.waitForURL(`${base}/portal`);
        await page.goto(`${base}/portal/geography/load-learners`);
        const learners = page.getByRole('table', { name: 'Learners' });
        const search = page.getByRole('textbox', { name: 'Search Learners' });

        await search.fill('Ngcobo');
        await learners.getByRole('row').filter({ hasText: 'Themba Ngcobo' }).getByRole('button', { name: 'Edit' }).click();
        const editing = page.getByRole('dialog', { name: 'Edit Themba Ngcobo' });
        await editing.getByRole('textbox', { name: 'First name' }).fill('Thembeka');
        await editing.getByRole('button', { name: 'Save' }).click();
        await page.getByText('Thembeka Ngcobo is saved.').waitFor();
        await learners.getByText('Thembeka Ngcobo').waitFor();

        await page.getByRole('button', { name: 'Add a learner' }).click();
        const adding = page.getByRole('dialog', { name: 'Add a learner' });
        await adding.getByRole('textbox', { name: 'First name' }).fill('Lesedi');
        await adding.getByRole('textbox', { name: 'Last name' }).fill('Molefe');
        await adding.getByRole('textbox', { name: 'Grade' }).click();
        await page.getByRole('option', { name: 'Grade 11' }).click();
        await adding.getByRole('textbox', { name: 'Class' }).fill('B');
        await adding.getByRole('button', { name: 'Add the learner' }).click();
        await page.getByText('Lesedi Molefe is added: print their login slip.').waitFor();
        const slip = page.getByRole('table', { name: 'New sign-ins' }).getByRole('row').filter({ hasText: 'Lesedi Molefe' });
        assert.match(await slip.textContent(), /lmolefe\d{3}/, 'the sign-in is shown once, as a loaded learner\'s is');
        await search.fill('Molefe');
        await learners.getByText('Lesedi Molefe').waitFor();
      }),
    );

    it(
      'the overlord merges the duplicate school into the one that stays',
      onPage(context.browser, async (page) => {
        const base = context.baseUrl;
        await signIn(page, base, { username: 'overlord@example.org', loginType: 'overlord' });
        await page.waitForURL(`${base}/overlord/overview`);
        await page.goto(`${base}/overlord/merge-schools`);
        await page.getByRole('textbox', { name: 'The duplicate (it goes)' }).fill('Hoërskool');
        await page.getByRole('option', { name: /Hoërskool Waterkloof/ }).click();
        await page.getByRole('textbox', { name: 'The school that stays' }).fill('Waterkloof High');
        await page.getByRole('option', { name: /Waterkloof High School/ }).click();
        await page.getByRole('heading', { name: 'What will move' }).waitFor();
        await page.getByText('Empty fields filled from the duplicate').or(page.getByText('teacher(s) move across')).first().waitFor();
        await page.getByRole('button', { name: 'Merge', exact: true }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Merge' }).click();
        await page.getByText('Hoërskool Waterkloof is merged into Waterkloof High School.').waitFor();
      }),
    );
  });
}
