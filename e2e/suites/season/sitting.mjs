// The sitting: the admin puts the season's paper in place and opens the olympiad on Settings and
// Actions; on the morning the teacher gives a learner who lost her slip a new password; one learner
// writes in Afrikaans at a desk, another on a phone through a network cut (the phone keeps the answers
// and sends them when it is back); the teacher watches her school live, pauses it and resumes it.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { replacePaper, signInAsAdmin } from '../../support/olympiad-api.mjs';
import { PHONE } from '../../support/browser.mjs';
import { signIn } from '../../support/sign-in.mjs';
import { AFRIKAANS, ENGLISH, answersOnServer, beginSitting, eventually, participantOf, saveState } from '../sitting.mjs';
import { teacherOnLearners } from './entry.mjs';
import { LEARNERS, SCHOOL, TEACHER, fullName, onWatchedDevices, onWatchedPage, season, setOffline } from './story.mjs';

async function signInLearner(page, base, key) {
  const { username, password } = season.signIns[key];
  await signIn(page, base, { username, password, loginType: 'learner', olympiadName: 'geography' });
  await page.waitForURL('**/geography/olympiad/instructions');
}

export function sittingSteps(context) {
  it(
    'the admin puts the season’s paper in place and opens the olympiad for writing',
    onWatchedPage(context.browser, async (page) => {
      const base = context.baseUrl;
      // The demo's olympiad is open on a paper of its own: this season's is set (imported from the
      // setters' question bank, as the paper suite does on its screens) while it is closed.
      const admin = await signInAsAdmin(base);
      await admin.call('GET', `/api/olympiad/set-olympiad-open/${admin.olympiadId}?open=false`);
      await replacePaper(admin);

      await signIn(page, base, { username: 'admin@example.org', loginType: 'admin', olympiadName: 'geography' });
      await page.waitForURL(`${base}/geography/admin/reports/overview`);
      await page.goto(`${base}/geography/admin/settings-and-actions`);
      const status = page.getByLabel('Olympiad status');
      await status.filter({ hasText: 'Closed' }).waitFor();
      await page.getByLabel('Duration').fill('45');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Settings saved.').waitFor();
      await page.getByRole('button', { name: 'Open olympiad' }).click();
      await page.getByText('The olympiad is open.').waitFor();
      await status.filter({ hasText: 'Open' }).waitFor();
      await page.reload();
      await status.filter({ hasText: 'Open' }).waitFor();
      assert.equal(await page.getByLabel('Duration').inputValue(), '45 min');
    }),
  );

  it(
    'on the morning, the teacher gives a learner who lost her slip a new password',
    onWatchedPage(context.browser, async (page) => {
      const { anneke } = LEARNERS;
      await teacherOnLearners(page, context.baseUrl);
      const row = page.getByRole('table', { name: 'Learners' }).getByRole('row').filter({ hasText: fullName(anneke) });
      await row.getByRole('button', { name: 'New password' }).click();
      await page.getByRole('dialog', { name: 'Give a new password?' }).getByRole('button', { name: 'New password' }).click();
      const slip = page.getByRole('dialog', { name: 'New sign-ins' }).getByRole('row').filter({ hasText: fullName(anneke) });
      await slip.waitFor();
      const [username, password] = (await slip.getByRole('cell').allTextContents()).slice(-2).map((cell) => cell.trim());
      assert.equal(username, season.signIns.anneke.username, 'the username stays');
      assert.notEqual(password, season.signIns.anneke.password, 'the password is new');
      season.signIns.anneke = { username, password };
    }),
  );

  it(
    'a learner writes in Afrikaans at a desk and finishes',
    onWatchedDevices(context.browser, async (device) => {
      const desk = await device({ width: 1280, height: 800 });
      await signInLearner(desk, context.baseUrl, 'anneke');
      await desk.getByRole('radio', { name: 'Afrikaans' }).check();
      await desk.getByRole('heading', { name: 'Instruksies' }).waitFor();
      await beginSitting(desk, AFRIKAANS);
      await desk.getByRole('heading', { name: 'Vraag 1 van 6' }).waitFor();
      await desk.getByText('Watter is die langste rivier in Suid-Afrika?').waitFor();
      await desk.getByRole('radio', { name: 'Oranje' }).check();
      await saveState(desk, 'Gestoor');
      await desk.getByRole('link', { name: 'Volgende' }).click();
      await desk.getByRole('checkbox', { name: 'Oranje' }).check();
      await desk.getByRole('checkbox', { name: 'Limpopo' }).check();
      await saveState(desk, 'Gestoor');
      await desk.getByRole('button', { name: 'Voltooi', exact: true }).click();
      await desk.getByText('4 vrae is nie beantwoord nie.').waitFor();
      await desk.getByRole('button', { name: 'Ja, voltooi' }).click();
      await desk.waitForURL('**/geography/olympiad/finished');
      await desk.getByText('Jy het die olimpiade voltooi.').waitFor();
      await desk.getByText('Jy het 2 van 6 vrae beantwoord.').waitFor();
    }),
  );

  it(
    'a learner writes on a phone through a network cut: the phone keeps the answers and sends them when it is back',
    onWatchedDevices(context.browser, async (device) => {
      const admin = await signInAsAdmin(context.baseUrl);
      const phone = await device(PHONE);
      await signInLearner(phone, context.baseUrl, 'sibusiso');
      await beginSitting(phone, ENGLISH);
      const { participantId } = await participantOf(admin, season.signIns.sibusiso.username);
      await phone.getByRole('heading', { name: 'Question 1 of 6' }).waitFor();
      await phone.getByRole('radio', { name: 'Orange' }).check();
      await saveState(phone, 'Saved');

      // The network goes: the answers wait on the phone, and the screen says so.
      await phone.getByRole('link', { name: 'Next' }).click();
      await phone.getByRole('heading', { name: 'Question 2 of 6' }).waitFor();
      await setOffline(phone, true);
      await phone.getByRole('checkbox', { name: 'Orange' }).check();
      await phone.getByRole('checkbox', { name: 'Limpopo' }).check();
      await phone.getByRole('link', { name: 'Next' }).click();
      await phone.getByRole('radio', { name: 'True' }).check();
      await saveState(phone, 'Offline: 2 answers waiting');
      assert.deepEqual((await answersOnServer(admin, participantId)).slice(0, 3), ['Orange', '', ''], 'nothing reached the server meanwhile');

      // It comes back: the phone sends what waited.
      await setOffline(phone, false);
      await saveState(phone, 'Saved');
      await eventually(async () => {
        const answers = await answersOnServer(admin, participantId);
        return answers[1] === 'Orange; Limpopo' && answers[2] === 'True';
      }, 'the waiting answers reaching the server');

      await phone.getByRole('link', { name: 'Next' }).click();
      await phone.getByLabel('Your answer (a number)').fill('9');
      await saveState(phone, 'Saved');
      await phone.getByRole('button', { name: 'Finish', exact: true }).click();
      await phone.getByText('2 questions are not answered.').waitFor();
      await phone.getByRole('button', { name: 'Yes, finish' }).click();
      await phone.waitForURL('**/geography/olympiad/finished');
      await phone.getByText('You answered 4 of 6 questions.').waitFor();
    }),
  );

  it(
    'the teacher watches her school live, pauses it and resumes it',
    onWatchedDevices(context.browser, async (device) => {
      const base = context.baseUrl;
      const desk = await device({ width: 1280, height: 900 });
      await signIn(desk, base, { username: TEACHER.email, password: TEACHER.password, loginType: 'teacher' });
      await desk.waitForURL('**/portal');
      await desk.goto(`${base}/portal/geography`);
      await desk.getByRole('heading', { name: 'Live monitor' }).waitFor();
      const schools = desk.getByRole('table', { name: 'Schools' });
      const school = schools.getByRole('row', { name: new RegExp(SCHOOL.name) });
      await school.waitFor();

      await school.getByRole('button', { name: 'Pause' }).click();
      await desk.getByLabel('Why').fill('Load-shedding in Mthatha');
      await desk.getByRole('button', { name: 'Pause the sitting' }).click();
      await school.getByText('Load-shedding in Mthatha, since').waitFor();
      await school.getByRole('button', { name: 'Resume' }).click();
      await desk.getByRole('dialog').getByRole('button', { name: 'Resume' }).click();
      await school.getByRole('button', { name: 'Pause' }).waitFor();

      await school.getByRole('button', { name: 'Learners' }).click();
      for (const key of ['anneke', 'sibusiso']) {
        await desk.getByRole('row', { name: new RegExp(season.signIns[key].username) }).getByText('Finished').waitFor();
      }
      await desk.getByRole('row', { name: new RegExp(season.signIns.lwazi.username) }).getByText('Not started').waitFor();
    }),
  );
}
