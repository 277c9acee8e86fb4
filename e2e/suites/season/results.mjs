// After the sitting: the admin moderates a mark, sets the medal bands and releases the results; the
// certificates are made and sent, and the teacher downloads her school's ZIP from the page the mail
// links to; she appeals a mark, the admin reopens the results, upholds the appeal and releases them
// again, and the teacher reads the outcome; last, the overlord exports a learner's data and erases it.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { signInAsAdmin } from '../../support/olympiad-api.mjs';
import { linkFromOutbox } from '../../support/outbox.mjs';
import { signIn } from '../../support/sign-in.mjs';
import { eventually } from '../sitting.mjs';
import { LEARNERS, SCHOOL, TEACHER, fullName, onWatchedPage } from './story.mjs';

async function adminOnModeration(page, base) {
  await signIn(page, base, { username: 'admin@example.org', loginType: 'admin', olympiadName: 'geography' });
  await page.waitForURL(`${base}/geography/admin/reports/overview`);
  await page.goto(`${base}/geography/admin/results/moderation`);
}

/** Moves the results on (Mark as moderated, Finalise and release, Reopen), with the reason asked. */
async function moveResults(page, button, state, reason) {
  await page.getByRole('button', { name: button }).click();
  const confirm = page.getByRole('dialog', { name: button });
  await confirm.getByLabel('Reason').fill(reason);
  await confirm.getByRole('button', { name: button }).click();
  await page.getByTestId('results-state').filter({ hasText: state }).waitFor();
}

async function teacherOnCertificates(page, base) {
  await signIn(page, base, { username: TEACHER.email, password: TEACHER.password, loginType: 'teacher' });
  await page.waitForURL(`${base}/portal`);
  await page.goto(`${base}/portal/geography/certificates`);
  await page.getByRole('table', { name: "Your learners' results" }).waitFor();
}

export function resultsSteps(context) {
  const { anneke, sibusiso } = LEARNERS;

  it(
    'the admin moderates a mark, sets the medal bands and releases the results',
    onWatchedPage(context.browser, async (page) => {
      await adminOnModeration(page, context.baseUrl);
      await page.getByTestId('results-state').filter({ hasText: 'provisional' }).waitFor();
      const perGrade = page.getByRole('table', { name: 'Scores per grade' });
      await perGrade.getByRole('row', { name: /^10 1 / }).waitFor();
      await perGrade.getByRole('row', { name: /^11 1 / }).waitFor();

      // Anneke's third answer, written beside the box on her screen, is read by the moderators.
      const results = page.getByRole('table', { name: "Learners' results" });
      await results.getByRole('row').filter({ hasText: fullName(anneke) }).getByRole('button', { name: 'Moderate mark' }).click();
      const mark = page.getByRole('dialog');
      assert.equal(await mark.getByLabel('Total marks').inputValue(), '3', 'her marked score');
      await mark.getByLabel('Total marks').fill('4');
      await mark.getByLabel('Reason').fill('Question 3 read again by the moderators');
      await mark.getByRole('button', { name: 'Save mark' }).click();
      await page.getByText('The mark is moderated.').waitFor();
      await page.getByRole('table', { name: 'Changes to the results' }).getByText('Question 3 read again by the moderators').waitFor();

      await page.getByLabel('Gold').fill('10');
      await page.getByLabel('Silver').fill('20');
      await page.getByRole('button', { name: 'Save bands' }).click();
      await page.getByText('The medal bands are saved.').waitFor();

      await moveResults(page, 'Mark as moderated', 'moderated', 'Checked by the moderators');
      await moveResults(page, 'Finalise and release', 'final', 'Released to the schools');
      await page.getByText('version 1', { exact: true }).waitFor();
    }),
  );

  it(
    'the certificates are made and sent, and the teacher downloads her school’s ZIP from the page the mail links to',
    onWatchedPage(context.browser, async (page) => {
      const base = context.baseUrl;
      await signIn(page, base, { username: 'admin@example.org', loginType: 'admin', olympiadName: 'geography' });
      await page.waitForURL(`${base}/geography/admin/reports/overview`);
      await page.goto(`${base}/geography/admin/results/generate-and-send-certificates`);
      await page.getByRole('button', { name: 'Make certificates' }).click();
      await page.getByTestId('generation-state').filter({ hasText: 'generated' }).waitFor({ timeout: 90_000 });
      await page.getByRole('button', { name: 'Send to every school' }).click();
      const admin = await signInAsAdmin(base);
      await eventually(async () => {
        const status = await admin.call('GET', `/api/certificate/send-status?olympiadId=${admin.olympiadId}`);
        return status.sent === status.schools && status.schools > 0;
      }, 'every school sent', 90_000);
      await page.reload();
      await page.getByRole('table', { name: 'Certificates per school' }).getByRole('row').filter({ hasText: SCHOOL.name }).getByText('sent').waitFor();

      // The teacher follows the mail's link to the portal's Certificates page.
      await page.context().clearCookies();
      await page.evaluate(() => window.localStorage.clear());
      const link = await linkFromOutbox(context.dataDir, /https?:\/\/[^\s"<>]+\/portal\/geography\/certificates/);
      await signIn(page, base, { username: TEACHER.email, password: TEACHER.password, loginType: 'teacher' });
      await page.waitForURL(`${base}/portal`);
      await page.goto(link);
      const results = page.getByRole('table', { name: "Your learners' results" });
      await results.getByRole('row').filter({ hasText: fullName(anneke) }).getByText('gold').waitFor();
      await results.getByRole('row').filter({ hasText: fullName(sibusiso) }).getByText('gold').waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the certificates (ZIP)' }).click()]);
      assert.match(download.suggestedFilename(), /certificates\.zip$/);
      const zip = await readFile(await download.path());
      assert.equal(zip.subarray(0, 2).toString(), 'PK', 'a ZIP');
    }),
  );

  it(
    'the teacher appeals a learner’s mark',
    onWatchedPage(context.browser, async (page) => {
      await teacherOnCertificates(page, context.baseUrl);
      await page.getByRole('table', { name: "Your learners' results" }).getByRole('row').filter({ hasText: fullName(sibusiso) }).getByRole('button', { name: 'Appeal' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Question number').fill('5');
      await dialog.getByLabel('Why the mark should be looked at again').fill('He wrote “Limpopo River”; the river is the right one');
      await dialog.getByRole('button', { name: 'Lodge the appeal' }).click();
      await page.getByRole('table', { name: 'Your appeals' }).getByRole('row').filter({ hasText: fullName(sibusiso) }).getByText('waiting').waitFor();
    }),
  );

  it(
    'the admin reopens the results, upholds the appeal and releases them again',
    onWatchedPage(context.browser, async (page) => {
      await adminOnModeration(page, context.baseUrl);
      const appeal = page.getByRole('table', { name: 'Appeals' }).getByRole('row').filter({ hasText: 'Limpopo River' });
      await appeal.waitFor();
      assert.equal(await appeal.getByRole('button', { name: 'Uphold' }).isDisabled(), true, 'not while the results are final');
      await moveResults(page, 'Reopen (a new version)', 'moderated', 'An appeal to uphold');
      await appeal.getByRole('button', { name: 'Uphold' }).click();
      const dialog = page.getByRole('dialog', { name: `Uphold the appeal of ${fullName(sibusiso)}` });
      await dialog.getByLabel("The learner's total marks").fill('6');
      await dialog.getByLabel('Reason').fill('Limpopo River names the right river');
      await dialog.getByRole('button', { name: 'Uphold and set the marks' }).click();
      await appeal.getByText('upheld').waitFor();
      await moveResults(page, 'Finalise and release', 'final', 'Released again after an appeal');
      await page.getByText('version 2', { exact: true }).waitFor();
    }),
  );

  it(
    'the teacher reads the appeal’s outcome and the new mark',
    onWatchedPage(context.browser, async (page) => {
      await teacherOnCertificates(page, context.baseUrl);
      const appeal = page.getByRole('table', { name: 'Your appeals' }).getByRole('row').filter({ hasText: fullName(sibusiso) });
      await appeal.getByText(/upheld/).first().waitFor();
      const result = page.getByRole('table', { name: "Your learners' results" }).getByRole('row').filter({ hasText: fullName(sibusiso) });
      await result.getByRole('cell', { name: '6', exact: true }).waitFor();
    }),
  );

  it(
    'the overlord exports a learner’s data and then erases it',
    onWatchedPage(context.browser, async (page) => {
      const base = context.baseUrl;
      await signIn(page, base, { username: 'overlord@example.org', loginType: 'overlord' });
      await page.waitForURL(`${base}/overlord/overview`);
      await page.goto(`${base}/overlord/privacy`);
      await page.getByRole('searchbox', { name: 'Find a learner or a teacher' }).fill(sibusiso.lastName);
      const learners = page.getByRole('table', { name: /^Learners/ });
      await learners.getByText(fullName(sibusiso)).waitFor();
      await learners.getByRole('button', { name: `Show what is held about ${fullName(sibusiso)}` }).click();
      const held = page.getByRole('table', { name: 'Rows held, by table' });
      await held.getByText('learners', { exact: true }).waitFor();

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download the export (JSON)' }).click();
      const data = JSON.parse(await readFile(await (await download).path(), 'utf8'));
      assert.equal(data.tables.learners.length, 1);
      assert.equal(data.tables.learners[0].last_name, sibusiso.lastName);
      assert.ok(Object.keys(data.tables).some((table) => /attempt|answer/.test(table) && data.tables[table].length > 0), `what he wrote is in the export (${Object.keys(data.tables)})`);

      await page.getByRole('button', { name: 'Erase…' }).click();
      const dialog = page.getByRole('dialog', { name: `Erase ${fullName(sibusiso)}?` });
      await dialog.getByRole('textbox', { name: 'Reason' }).fill('Asked by his guardian in writing');
      await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
      // He wrote: his marks and everyone's places stay, under a name that is no longer his.
      await page.getByText('Erased: their details are anonymised.').waitFor();
      // The search runs again: he is found no more (the demo's other Mthembu stays).
      await learners.getByText(fullName(sibusiso)).waitFor({ state: 'detached' });
      assert.equal(await learners.getByText('Nandi Mthembu').count(), 1);
    }),
  );
}
