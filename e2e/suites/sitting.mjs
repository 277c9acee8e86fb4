// The learner's sitting on a phone's screen, against the real server: the whole flow, the network cut
// in the middle (answers wait on the device and are sent when it returns, checked on the server), a
// reload that resumes, a second device that needs the recovery code, Finish; the clock running out;
// and axe on every learner screen at 320 px.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { onDevices } from '../support/browser.mjs';
import { axeViolations } from '../support/axe.mjs';
import { openSitting, replacePaper, signInAsAdmin } from '../support/olympiad-api.mjs';
import { signIn } from '../support/sign-in.mjs';

/** Polls `check` until it holds (the server's writer commits a moment after it answers). */
export async function eventually(check, what, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    last = await check();
    if (last) return last;
    await new Promise((done) => setTimeout(done, 250));
  }
  assert.fail(`${what} did not happen within ${timeoutMs} ms (last: ${JSON.stringify(last)})`);
}

/** The save state the screen shows (the same words also go to screen readers, once). */
export const saveState = (page, text) => page.locator('.sitting-save', { hasText: text }).waitFor();

/** The learner's answers as the server has them, in the paper's order. */
export async function answersOnServer(admin, participantId) {
  const data = await admin.call('GET', `/api/participant/get-submitted-data/${participantId}`);
  return data.answers.map((answer) => answer.answerText);
}

export async function participantOf(admin, username) {
  const learners = await admin.call('GET', `/api/sitting/learners?olympiadId=${admin.olympiadId}`);
  const learner = learners.find((candidate) => candidate.username === username);
  assert.ok(learner, `${username} is entered in the olympiad`);
  return learner;
}

async function signInLearner(page, baseUrl, learner) {
  await signIn(page, baseUrl, { username: learner.username, password: learner.password, loginType: 'learner', olympiadName: 'geography' });
  await page.waitForURL('**/geography/olympiad/instructions');
}

/** Instructions, declaration, recovery code, details, start; answers the recovery code. */
export async function beginSitting(page, words = ENGLISH) {
  await page.getByRole('link', { name: words.toDeclaration }).click();
  await page.getByRole('checkbox', { name: words.accept }).check();
  await page.getByRole('button', { name: words.acceptSubmit }).click();
  const code = (await page.locator('.sitting-pin__code').textContent()).trim();
  await page.getByLabel(words.lastFour).fill(code.replace(/[^a-z0-9]/gi, '').slice(-4));
  await page.getByRole('button', { name: words.writtenDown }).click();
  await page.getByRole('button', { name: words.start }).click();
  await page.waitForURL('**/geography/olympiad/1/1');
  return code;
}

export const ENGLISH = {
  toDeclaration: 'Continue to the declaration',
  accept: 'I accept this declaration',
  acceptSubmit: 'Accept and continue',
  lastFour: 'Type the last four characters of your code',
  writtenDown: 'I have written it down',
  start: 'Start the olympiad',
};

export const AFRIKAANS = {
  toDeclaration: 'Gaan voort na die verklaring',
  accept: 'Ek aanvaar hierdie verklaring',
  acceptSubmit: 'Aanvaar en gaan voort',
  lastFour: 'Tik die laaste vier karakters van jou kode',
  writtenDown: 'Ek het dit neergeskryf',
  start: 'Begin die olimpiade',
};

export function sittingSuite(context) {
  describe('the learner’s sitting', () => {
    let admin;
    const learner = (index) => {
      const found = context.learners()[index];
      assert.ok(found, `seed-demo printed demo learner ${index + 1}`);
      return found;
    };

    before(async () => {
      admin = await signInAsAdmin(context.baseUrl);
      await replacePaper(admin);
      await openSitting(admin, { durationMinutes: 60 });
    });

    it(
      'a learner writes, loses the network and gets it back, reloads, moves to a second device with the recovery code, and finishes',
      onDevices(context.browser, async (device) => {
        const thabo = learner(0);
        const phone = await device();
        await signInLearner(phone, context.baseUrl, thabo);
        const asked = [];
        phone.on('request', (request) => asked.push(`${request.method()} ${new URL(request.url()).pathname}`));
        const code = await beginSitting(phone);
        const { participantId } = await participantOf(admin, thabo.username);

        await phone.getByRole('heading', { name: 'Question 1 of 6' }).waitFor();
        // The start answered with the paper: the first question came without asking for it again.
        assert.ok(asked.includes('POST /api/sitting/start'), `the start was asked (${asked})`);
        assert.ok(!asked.includes('GET /api/sitting/paper'), `the paper was not asked for again (${asked})`);
        // The picture needs the session's token: it is fetched, then shown.
        const picture = phone.getByRole('img', { name: 'Picture for this question' });
        await picture.waitFor();
        assert.ok(await picture.evaluate((image) => image.complete && image.naturalWidth > 0), 'the picture is shown');
        await phone.getByRole('radio', { name: 'Orange' }).check();
        await eventually(async () => (await answersOnServer(admin, participantId))[0] === 'Orange', 'the first answer reaching the server');
        await saveState(phone, 'Saved');

        // The network goes: the answers wait on the phone, and the screen says so.
        await phone.getByRole('link', { name: 'Next' }).click();
        await phone.getByRole('heading', { name: 'Question 2 of 6' }).waitFor();
        await phone.context().setOffline(true);
        await phone.getByRole('checkbox', { name: 'Orange' }).check();
        await phone.getByRole('checkbox', { name: 'Limpopo' }).check();
        await phone.getByRole('link', { name: 'Next' }).click();
        await phone.getByRole('radio', { name: 'True' }).check();
        await saveState(phone, 'Offline: 2 answers waiting');
        assert.deepEqual((await answersOnServer(admin, participantId)).slice(0, 3), ['Orange', '', '']);

        // It comes back: they are sent.
        await phone.context().setOffline(false);
        await saveState(phone, 'Saved');
        await eventually(
          async () => {
            const answers = await answersOnServer(admin, participantId);
            return answers[1] === 'Orange; Limpopo' && answers[2] === 'True';
          },
          'the waiting answers reaching the server',
        );

        // A reload resumes at the same question with its answer.
        await phone.reload();
        await phone.getByRole('heading', { name: 'Question 3 of 6' }).waitFor();
        assert.equal(await phone.getByRole('radio', { name: 'True' }).isChecked(), true);

        // An answer that could not be sent survives a reload, and goes once the network lets it.
        await phone.route('**/api/sitting/answers', (route) => route.abort('internetdisconnected'));
        await phone.getByRole('link', { name: 'Next' }).click();
        await phone.getByRole('heading', { name: 'Question 4 of 6' }).waitFor();
        await phone.getByLabel('Your answer (a number)').fill('9');
        await saveState(phone, 'Offline: 1 answer waiting');
        await phone.reload();
        await phone.getByRole('heading', { name: 'Question 4 of 6' }).waitFor();
        assert.equal(await phone.getByLabel('Your answer (a number)').inputValue(), '9');
        await saveState(phone, 'Offline: 1 answer waiting');
        await phone.unroute('**/api/sitting/answers');
        await eventually(async () => (await answersOnServer(admin, participantId))[3] === '9', 'the answer kept over the reload reaching the server');
        await saveState(phone, 'Saved');
        // The progress ping tells the server where the learner is.
        await eventually(async () => (await participantOf(admin, thabo.username)).position === '2/1', 'the position reaching the server');

        // Without any network the pages still open from the phone, with the saved answers and the
        // pictures, and the learner writes on; what they write waits and goes when the network returns.
        await phone.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
        await phone.context().setOffline(true);
        await phone.reload();
        await phone.getByRole('heading', { name: 'Question 4 of 6' }).waitFor();
        assert.equal(await phone.getByLabel('Your answer (a number)').inputValue(), '9');
        await phone.goto(`${context.baseUrl}/geography/olympiad/1/1`);
        await phone.getByRole('heading', { name: 'Question 1 of 6' }).waitFor();
        const keptPicture = phone.getByRole('img', { name: 'Picture for this question' });
        await keptPicture.waitFor();
        assert.ok(await keptPicture.evaluate((image) => image.complete && image.naturalWidth > 0), 'the picture is shown offline');
        assert.equal(await phone.getByRole('radio', { name: 'Orange' }).isChecked(), true);
        await phone.goto(`${context.baseUrl}/geography/olympiad/2/1`);
        await phone.getByLabel('Your answer (a number)').fill('12');
        await saveState(phone, 'Offline: 1 answer waiting');
        await phone.getByLabel('Your answer (a number)').fill('9');
        await phone.context().setOffline(false);
        await saveState(phone, 'Saved');
        assert.equal((await answersOnServer(admin, participantId))[3], '9');

        // Another phone: it must give the recovery code, then resumes at the same question.
        const second = await device();
        await signInLearner(second, context.baseUrl, thabo);
        await second.getByRole('heading', { name: 'Continue on this device' }).waitFor();
        await second.getByLabel('Recovery code').fill('wrong-code');
        await second.getByRole('button', { name: 'Continue here' }).click();
        await second.getByText('That is not your recovery code. Check what you wrote down and try again.').waitFor();
        await second.getByLabel('Recovery code').fill(code.toUpperCase());
        await second.getByRole('button', { name: 'Continue here' }).click();
        await second.waitForURL('**/geography/olympiad/2/1');
        assert.equal(await second.getByLabel('Your answer (a number)').inputValue(), '9');

        // The first phone is told at its next ping (the latest, three seconds after it moves) that its
        // answers no longer count, and takes none.
        await phone.getByRole('link', { name: 'Next' }).click();
        await phone.getByText('Your olympiad has moved to another device').waitFor({ timeout: 20_000 });
        assert.equal(await phone.getByLabel('Your answer', { exact: true }).isDisabled(), true);

        // Finish, on the second phone: it says what is unanswered first.
        await second.getByRole('button', { name: 'Finish', exact: true }).click();
        await second.getByRole('heading', { name: 'Finish the olympiad?' }).waitFor();
        await second.getByText('2 questions are not answered.').waitFor();
        await second.getByRole('button', { name: 'Yes, finish' }).click();
        await second.waitForURL('**/geography/olympiad/finished');
        await second.getByText('You have finished the olympiad.').waitFor();
        await second.getByText('You answered 4 of 6 questions.').waitFor();
        const submitted = await admin.call('GET', `/api/participant/get-submitted-data/${participantId}`);
        assert.equal(submitted.finishReason, 'submitted');
        assert.deepEqual(
          submitted.answers.map((answer) => answer.answerText),
          ['Orange', 'Orange; Limpopo', 'True', '9', '', ''],
        );
      }),
    );

    it(
      'axe finds no violations on the learner’s screens at 320 px',
      onDevices(context.browser, async (device) => {
        const phone = await device({ width: 320, height: 640 });
        const check = async (heading) => {
          await phone.getByRole('heading', { level: 1, name: heading }).waitFor();
          assert.deepEqual(await axeViolations(phone), [], heading);
          const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          assert.equal(overflow, 0, `${heading} fits 320 px`);
        };
        await signInLearner(phone, context.baseUrl, learner(1));
        await check('Instructions');
        await phone.getByRole('link', { name: ENGLISH.toDeclaration }).click();
        await phone.getByRole('button', { name: ENGLISH.acceptSubmit }).click();
        await phone.getByText('Tick the box to accept the declaration.').waitFor();
        await check('No cheating declaration');
        await phone.getByRole('checkbox', { name: ENGLISH.accept }).check();
        await phone.getByRole('button', { name: ENGLISH.acceptSubmit }).click();
        await check('Your recovery code');
        const code = (await phone.locator('.sitting-pin__code').textContent()).trim();
        await phone.getByLabel(ENGLISH.lastFour).fill(code.slice(-4));
        await phone.getByRole('button', { name: ENGLISH.writtenDown }).click();
        await check('Your details');
        await phone.getByRole('button', { name: ENGLISH.start }).click();
        await phone.getByRole('radio', { name: 'Orange' }).check();
        await phone.getByRole('button', { name: 'Flag for review' }).click();
        await phone.locator('details.sitting-map summary').click();
        await check('Question 1 of 6');
        await phone.getByRole('link', { name: 'Question 1, answered, flagged' }).waitFor();
        await phone.getByRole('button', { name: 'Finish', exact: true }).click();
        await phone.getByText('5 questions are not answered.').waitFor();
        await phone.getByText('1 question is flagged for review.').waitFor();
        await check('Finish the olympiad?');
        await phone.getByRole('button', { name: 'Yes, finish' }).click();
        await check('Finished');
      }),
    );

    it(
      'the admin watches the sitting live, pauses a school for load-shedding and resumes it, gives extra time, reads the answers and resets a learner',
      { timeout: 120_000 },
      onDevices(context.browser, async (device) => {
        const sipho = learner(3);
        const phone = await device();
        await signInLearner(phone, context.baseUrl, sipho);
        await beginSitting(phone);
        await phone.getByRole('radio', { name: 'Orange' }).check();
        await saveState(phone, 'Saved');
        const { participantId, schoolParticipantId } = await participantOf(admin, sipho.username);
        const school = (await admin.call('GET', `/api/sitting/monitor?olympiadId=${admin.olympiadId}`)).schools.find(
          (candidate) => candidate.schoolParticipantId === schoolParticipantId,
        );

        const desk = await device({ width: 1280, height: 900 });
        await signIn(desk, context.baseUrl, { username: 'admin@example.org', loginType: 'admin', olympiadName: 'geography' });
        await desk.waitForURL('**/geography/admin/reports/overview');
        const schoolRow = desk.getByRole('table', { name: 'Schools' }).getByRole('row', { name: new RegExp(school.schoolName) });
        await schoolRow.waitFor();

        // The power goes at the school: its learners' clocks stop. The phone learns of it from
        // whichever of its requests comes first; its progress pings (every 30 seconds, and 3
        // after a move) are held until the answer given meanwhile has found out, so that it is
        // that answer which waits for the resume.
        await phone.route('**/api/participant-tracker', (route) => route.abort('internetdisconnected'));
        await schoolRow.getByRole('button', { name: 'Pause' }).click();
        await desk.getByRole('dialog', { name: `Pause the sitting at ${school.schoolName}?` }).waitFor();
        assert.equal(await desk.getByLabel('Why').inputValue(), 'Load-shedding');
        await desk.getByRole('button', { name: 'Pause the sitting' }).click();
        await schoolRow.getByText('Load-shedding, since').waitFor();
        await phone.getByRole('link', { name: 'Next' }).click();
        await phone.getByRole('checkbox', { name: 'Vaal' }).check();
        await phone.getByText('Your school’s sitting is paused. The clock has stopped').waitFor();
        await saveState(phone, 'Paused: 1 answer waiting');
        await phone.unroute('**/api/participant-tracker');
        assert.match(await phone.getByRole('timer').textContent(), /^Paused/);
        assert.equal(await phone.getByRole('checkbox', { name: 'Limpopo' }).isDisabled(), true);

        // It comes back: the clocks run again and what waited is saved.
        await schoolRow.getByRole('button', { name: 'Resume' }).click();
        await desk.getByRole('dialog').getByRole('button', { name: 'Resume' }).click();
        await schoolRow.getByRole('button', { name: 'Pause' }).waitFor();
        await eventually(async () => (await answersOnServer(admin, participantId))[1] === 'Vaal', 'the answer given during the pause reaching the server', 30_000);
        await saveState(phone, 'Saved');
        await phone.getByRole('timer').getByText('Time left').waitFor();

        // The school's learners: extra time, the answers as submitted, a reset.
        await schoolRow.getByRole('button', { name: 'Learners' }).click();
        const learnerRow = desk.getByRole('table', { name: `Learners of ${school.schoolName}` }).getByRole('row', { name: new RegExp(sipho.username) });
        await learnerRow.getByText('Writing').waitFor();
        await learnerRow.getByRole('button', { name: 'Extra time' }).click();
        await desk.getByLabel('Minutes').fill('10');
        await desk.getByLabel('Why').fill('A concession for a learner with a reading barrier');
        await desk.getByRole('button', { name: 'Give extra time' }).click();
        await learnerRow.getByText('(+10 min)').waitFor();

        await learnerRow.getByRole('button', { name: 'Answers' }).click();
        const answers = desk.getByRole('table', { name: 'Answers' });
        await answers.getByRole('row', { name: /Which is the longest river in South Africa\? Orange/ }).waitFor();
        await answers.getByRole('row', { name: /Which rivers flow into the sea\? Vaal/ }).waitFor();
        await desk.keyboard.press('Escape');

        await learnerRow.getByRole('button', { name: 'Reset' }).click();
        const reset = desk.getByRole('button', { name: 'Reset the learner' });
        assert.equal(await reset.isDisabled(), true);
        await desk.getByLabel(`Type their username, ${sipho.username}, to reset them`).fill(sipho.username);
        await reset.click();
        await learnerRow.getByText('Not started').waitFor();

        // The learner's phone learns it at its next save.
        await phone.getByRole('link', { name: 'Next' }).click();
        await phone.getByRole('radio', { name: 'True' }).check();
        await phone.getByText('Your teacher has reset your olympiad. Start again from the instructions.').waitFor();
        await phone.getByRole('button', { name: 'Go to the instructions' }).click();
        await phone.getByRole('link', { name: ENGLISH.toDeclaration }).waitFor();
      }),
    );

    it(
      'the teacher follows their school on the portal landing, pauses and resumes it, and sees which questions a learner answered, not the paper, while the sitting is open',
      onDevices(context.browser, async (device) => {
        const desk = await device({ width: 1280, height: 900 });
        await signIn(desk, context.baseUrl, { username: 'teacher@example.org', loginType: 'teacher' });
        await desk.waitForURL('**/portal');
        await desk.goto(`${context.baseUrl}/portal/geography`);
        await desk.getByRole('heading', { name: 'Live monitor' }).waitFor();
        const schoolRow = desk.getByRole('table', { name: 'Schools' }).getByRole('row', { name: /Waterkloof High School/ });
        await schoolRow.waitFor();
        assert.equal(await desk.getByRole('table', { name: 'Schools' }).getByRole('row').count(), 3, 'a header, the filters and their own school only');

        await schoolRow.getByRole('button', { name: 'Pause' }).click();
        await desk.getByLabel('Why').fill('Fire drill');
        await desk.getByRole('button', { name: 'Pause the sitting' }).click();
        await schoolRow.getByText('Fire drill, since').waitFor();
        await schoolRow.getByRole('button', { name: 'Resume' }).click();
        await desk.getByRole('dialog').getByRole('button', { name: 'Resume' }).click();
        await schoolRow.getByRole('button', { name: 'Pause' }).waitFor();

        await schoolRow.getByRole('button', { name: 'Learners' }).click();
        const learnerRow = desk.getByRole('row', { name: new RegExp(learner(0).username) });
        await learnerRow.getByText('Finished').waitFor();
        await learnerRow.getByRole('button', { name: 'Answers' }).click();
        // The paper is the olympiad's secret until every school has written it.
        await desk.getByText('The questions are not shown yet').waitFor();
        const answers = desk.getByRole('table', { name: 'Answers' });
        await answers.getByRole('row', { name: /^Question 1 Answered/ }).first().waitFor();
        assert.equal(await answers.getByText(/longest river/).count(), 0, 'no question while the sitting is open');
        assert.equal(await answers.getByText('Orange').count(), 0, 'no answer while the sitting is open');
        assert.equal(await desk.getByRole('columnheader', { name: 'Marks' }).count(), 0, 'teachers see no marks');
      }),
    );

    it(
      'a timed module counts its own minutes on the server and, when they are up, closes and moves the learner on',
      { timeout: 150_000 },
      onDevices(context.browser, async (device) => {
        const [rivers] = await admin.call('GET', `/api/question-module?olympiadId=${admin.olympiadId}`);
        const timed = (minutes) =>
          admin.call('PUT', `/api/question-module/${rivers.id}?confirm=true`, {
            title: rivers.title,
            instructions: rivers.instructions,
            timeLimitMinutes: minutes,
          });
        await timed(1);
        try {
          const phone = await device();
          await signInLearner(phone, context.baseUrl, learner(5));
          await beginSitting(phone);
          await phone.getByText('Which is the longest river in South Africa?').waitFor();
          const moduleClock = phone.locator('.sitting-module-clock');
          assert.match(await moduleClock.textContent(), /Module time left\s*(1:00|0:[0-5]\d)/);
          await phone.getByRole('radio', { name: 'Orange' }).check();
          await saveState(phone, 'Saved');
          // A minute on, the module closes and the learner is on the next module's first question.
          await phone.waitForURL('**/geography/olympiad/2/1', { timeout: 100_000 });
          await phone.getByText('The time for this module is over. Its answers are closed; go on with the next module.').waitFor();
          await phone.getByText('How many provinces does South Africa have?').waitFor();
          assert.deepEqual(await axeViolations(phone), []);
          // Going back shows the module closed, and the learner is sent on again.
          await phone.goto(`${context.baseUrl}/geography/olympiad/1/2`);
          await phone.waitForURL('**/geography/olympiad/2/1');
          const { participantId } = await participantOf(admin, learner(5).username);
          assert.equal((await answersOnServer(admin, participantId))[0], 'Orange');
        } finally {
          await timed(null);
          // The server keeps a paper for five seconds: the next learner gets it without the limit.
          await new Promise((done) => setTimeout(done, 6_000));
        }
      }),
    );

    it(
      'the clock runs out: the answers close and the finished screen says so, in Afrikaans',
      { timeout: 150_000 },
      onDevices(context.browser, async (device) => {
        await openSitting(admin, { durationMinutes: 1 });
        const phone = await device();
        await signInLearner(phone, context.baseUrl, learner(2));
        await phone.getByRole('radio', { name: 'Afrikaans' }).check();
        await phone.getByRole('heading', { name: 'Instruksies' }).waitFor();
        await beginSitting(phone, AFRIKAANS);
        await phone.getByText('Watter is die langste rivier in Suid-Afrika?').waitFor();
        await phone.getByRole('radio', { name: 'Oranje' }).check();
        await saveState(phone, 'Gestoor');
        const clock = await phone.locator('.sitting-clock').textContent();
        assert.match(clock, /Tyd oor\s*(1:00|0:[0-5]\d)/);
        await phone.waitForURL('**/geography/olympiad/finished', { timeout: 100_000 });
        await phone.getByText('Die tyd is verby. Jou antwoorde is gesluit toe die horlosie nul bereik het.').waitFor();
        await phone.getByText('Jy het 1 van 6 vrae beantwoord.').waitFor();
      }),
    );
  });
}
