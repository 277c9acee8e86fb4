// The school gets in: the teacher finds the olympiad on its public site and expresses interest,
// confirms her address by the mailed link; the admin processes the interest into the school's entry;
// the teacher chooses her password by the mailed link, loads her learners from a spreadsheet, prints
// their login slips and corrects a misspelt surname on the list of learners.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import writeXlsxFile from 'write-excel-file/node';
import { linkFromOutbox } from '../../support/outbox.mjs';
import { signIn } from '../../support/sign-in.mjs';
import { LEARNERS, SCHOOL, TEACHER, fullName, onWatchedPage, season } from './story.mjs';

const teacherName = `${TEACHER.firstName} ${TEACHER.lastName}`;

/** The teacher, signed in, on her school's list of learners. */
export async function teacherOnLearners(page, base) {
  await signIn(page, base, { username: TEACHER.email, password: TEACHER.password, loginType: 'teacher' });
  await page.waitForURL(`${base}/portal`);
  await page.goto(`${base}/portal/geography/load-learners`);
  await page.getByRole('table', { name: 'Learners' }).waitFor();
}

export function entrySteps(context) {
  it(
    'the teacher finds the olympiad on its public site and expresses interest',
    onWatchedPage(context.browser, async (page) => {
      const base = context.baseUrl;
      await page.goto(`${base}/geography`);
      await page.getByRole('heading', { name: 'Geography Olympiad', level: 1 }).waitFor();
      await page.getByText('Schools enter through the interest form').waitFor();
      await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Express Interest' }).click();
      await page.waitForURL(`${base}/geography/express-interest`);
      await page.getByLabel('First name').fill(TEACHER.firstName);
      await page.getByLabel('Last name').fill(TEACHER.lastName);
      await page.getByLabel('E-mail address').fill(TEACHER.email);
      await page.getByRole('textbox', { name: /^School/ }).fill(SCHOOL.name);
      await page.getByLabel('Province').selectOption(SCHOOL.province);
      await page.getByLabel('Town').fill(SCHOOL.town);
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Please confirm your e-mail address').waitFor();
    }),
  );

  it(
    'she confirms her address by the link mailed to it',
    onWatchedPage(context.browser, async (page) => {
      const link = await linkFromOutbox(context.dataDir, /https?:\/\/[^\s"<>]+\/verify-email\/[0-9a-f-]{36}/);
      await page.goto(link);
      await page.getByText('Your e-mail address is confirmed').waitFor();
    }),
  );

  it(
    'the admin processes the interest into the school’s entry',
    onWatchedPage(context.browser, async (page) => {
      const base = context.baseUrl;
      await signIn(page, base, { username: 'admin@example.org', loginType: 'admin', olympiadName: 'geography' });
      await page.waitForURL(`${base}/geography/admin/reports/overview`);
      await page.goto(`${base}/geography/admin/eoi`);
      const row = page.getByRole('table', { name: 'Expressions of interest' }).getByRole('row').filter({ hasText: TEACHER.email });
      await row.getByText('verified', { exact: true }).waitFor();
      await row.getByRole('button', { name: 'Open' }).click();
      const drawer = page.getByRole('dialog', { name: teacherName });
      await drawer.getByText('No school looks like this one.').waitFor();
      await drawer.getByRole('button', { name: 'None of these: add a new school' }).click();
      const newSchool = drawer.getByRole('form', { name: 'New school' });
      assert.equal(await newSchool.getByLabel('Name').inputValue(), SCHOOL.name, 'the school as the teacher described it');
      await newSchool.getByRole('button', { name: 'Add the school and enter it' }).click();
      await page.getByText(`${SCHOOL.name} is added and entered.`).waitFor();

      await page.goto(`${base}/geography/admin/edit/participating-schools`);
      const entry = page.getByRole('table', { name: 'Participating schools' }).getByRole('row').filter({ hasText: SCHOOL.name });
      await entry.getByText(teacherName).first().waitFor();
    }),
  );

  it(
    'the teacher chooses her password by the link mailed to her and finds the entry on the portal',
    onWatchedPage(context.browser, async (page) => {
      const base = context.baseUrl;
      const link = await linkFromOutbox(context.dataDir, /https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+/);
      await page.goto(link);
      await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
      await page.getByLabel('New password', { exact: true }).fill(TEACHER.password);
      await page.getByLabel('New password again').fill(TEACHER.password);
      await page.getByRole('button', { name: 'Set password' }).click();
      await page.getByText('Your password is set. Sign in with it now.').waitFor();

      await signIn(page, base, { username: TEACHER.email, password: TEACHER.password, loginType: 'teacher' });
      await page.waitForURL(`${base}/portal`);
      await page.getByText('Geography Olympiad').first().waitFor();
      await page.getByRole('link', { name: 'Open' }).first().click();
      await page.waitForURL(`${base}/portal/geography`);
      await page.getByText(SCHOOL.name).first().waitFor();
    }),
  );

  it(
    'the teacher loads her learners from a spreadsheet and prints their login slips',
    onWatchedPage(context.browser, async (page) => {
      const base = context.baseUrl;
      const folder = await mkdtemp(join(tmpdir(), 'olympiad-season-'));
      try {
        const sheet = join(folder, 'learners.xlsx');
        const learners = Object.values(LEARNERS);
        await writeXlsxFile([
          ['First name', 'Last name', 'Grade', 'Class', 'Writes in'].map((value) => ({ value })),
          ...learners.map((l) => [l.firstName, l.lastName, l.grade, l.className, l.writesIn].map((value) => ({ value }))),
        ]).toFile(sheet);

        await teacherOnLearners(page, base);
        await page.locator('input[type=file]').setInputFiles(sheet);
        await page.getByRole('button', { name: 'Check the file' }).click();
        await page.getByText('3 learners; no problems.').waitFor();
        await page.getByRole('button', { name: 'Load 3 learners' }).click();
        await page.getByText('3 learners are loaded.').waitFor();

        // The slips print what this table shows, once: each learner's username and password.
        const slips = page.getByRole('table', { name: 'New sign-ins' });
        for (const [key, learner] of Object.entries(LEARNERS)) {
          const row = slips.getByRole('row').filter({ hasText: `${learner.firstName} ${learner.lastName}` });
          await row.waitFor();
          const [username, password] = (await row.getByRole('cell').allTextContents()).slice(-2).map((cell) => cell.trim());
          assert.match(username, /^[a-z]{1,10}[2-9]{3}$/, `${learner.firstName}'s username (${username})`);
          assert.match(password, /^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/, `${learner.firstName}'s password (${password})`);
          season.signIns[key] = { username, password };
        }
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Download login slips (PDF)' }).click();
        const pdf = await readFile(await (await download).path());
        assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');

        const list = page.getByRole('table', { name: 'Learners' });
        await list.getByText('Anneke van der Merwe').waitFor();
        await list.getByRole('row').filter({ hasText: 'Anneke van der Merwe' }).getByText('Afrikaans').waitFor();
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    }),
  );

  it(
    'the teacher corrects a misspelt surname on the list of learners',
    onWatchedPage(context.browser, async (page) => {
      const { lwazi } = LEARNERS;
      await teacherOnLearners(page, context.baseUrl);
      const list = page.getByRole('table', { name: 'Learners' });
      await page.getByRole('textbox', { name: 'Search Learners' }).fill(lwazi.lastName);
      await list.getByRole('row').filter({ hasText: `${lwazi.firstName} ${lwazi.lastName}` }).getByRole('button', { name: 'Edit' }).click();
      const editing = page.getByRole('dialog', { name: `Edit ${lwazi.firstName} ${lwazi.lastName}` });
      await editing.getByRole('textbox', { name: 'Last name' }).fill(lwazi.corrected);
      await editing.getByRole('button', { name: 'Save' }).click();
      await page.getByText(`${fullName(lwazi)} is saved.`).waitFor();
      await page.getByRole('textbox', { name: 'Search Learners' }).fill(lwazi.corrected);
      await list.getByText(fullName(lwazi), { exact: true }).waitFor();
    }),
  );
}
