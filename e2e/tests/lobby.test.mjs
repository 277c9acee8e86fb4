// The lobby, end to end: a learner signs in before their school's start window opens, confirms their
// details and waits on the lobby's countdown (axe on the lobby); the paper comes sealed meanwhile; the
// window opens and the first question appears, with the start the only request of that moment.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../support/server.mjs';
import { launchBrowser, onDevices } from '../support/browser.mjs';
import { axeViolations } from '../support/axe.mjs';
import { openSitting, replacePaper, signInAsAdmin } from '../support/olympiad-api.mjs';
import { signIn } from '../support/sign-in.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A whole second `seconds` from now, as the server takes moments (UTC, no fraction), and its time:
 * the window opens exactly at the moment the test waits for. */
const inSeconds = (seconds) => {
  const at = new Date(Math.ceil((Date.now() + seconds * 1000) / 1000) * 1000);
  return { moment: at.toISOString().slice(0, 19), at: at.getTime() };
};

describe('the lobby', () => {
  it(
    'a learner signed in before the window waits on the countdown, and the first question appears when it opens',
    onDevices(
      () => browser,
      async (device) => {
        const admin = await signInAsAdmin(server.baseUrl);
        await replacePaper(admin);
        await openSitting(admin, { durationMinutes: 60 });
        // Every school's learners open in a window of their own, a little ahead.
        const { schools } = await admin.call('GET', `/api/olympiad/${admin.olympiadId}/start-windows`);
        const opensIn = 40;
        const opening = inSeconds(opensIn);
        await admin.call('PUT', `/api/olympiad/${admin.olympiadId}/start-windows`, {
          startWindows: [{ startsAt: opening.moment, endsAt: inSeconds(7200).moment, schoolIds: schools.map((school) => school.id) }],
        });
        const openingAt = opening.at;

        const [learner] = server.learners;
        const phone = await device();
        const requests = [];
        phone.on('request', (request) => {
          if (request.url().includes('/api/')) requests.push({ at: Date.now(), path: new URL(request.url()).pathname });
        });
        await signIn(phone, server.baseUrl, { username: learner.username, password: learner.password, loginType: 'learner', olympiadName: 'geography' });
        await phone.waitForURL('**/geography/olympiad/instructions');
        await phone.getByRole('link', { name: 'Continue to the declaration' }).click();
        await phone.getByRole('checkbox', { name: 'I accept this declaration' }).check();
        await phone.getByRole('button', { name: 'Accept and continue' }).click();
        const code = (await phone.locator('.sitting-pin__code').textContent()).trim();
        await phone.getByLabel('Type the last four characters of your code').fill(code.replace(/[^a-z0-9]/gi, '').slice(-4));
        await phone.getByRole('button', { name: 'I have written it down' }).click();
        await phone.getByRole('button', { name: 'Start the olympiad' }).click();

        // The lobby: the countdown on the server's clock, and the paper on the phone, locked.
        await phone.getByRole('heading', { name: 'Waiting for the start' }).waitFor();
        await phone.getByText('The questions are on your phone, locked until the start.').waitFor();
        const shown = (await phone.getByTestId('lobby-countdown').textContent()).trim();
        assert.match(shown, /^0:[0-3]\d$/, `the countdown shows the seconds to the opening (${shown})`);
        assert.deepEqual(await axeViolations(phone), [], 'the lobby');
        assert.ok(Date.now() < openingAt, 'the learner waited in the lobby before the opening');

        // The window opens: the first question, from the paper already on the phone.
        await phone.getByRole('heading', { name: 'Question 1 of 6' }).waitFor({ timeout: (opensIn + 20) * 1000 });
        const atOpening = requests.filter((request) => request.at >= openingAt - 500).map((request) => request.path);
        assert.ok(atOpening.includes('/api/sitting/lobby/start'), `the start was asked (${atOpening})`);
        assert.ok(!atOpening.includes('/api/sitting/paper'), `the paper was not asked for again (${atOpening})`);
        assert.ok(requests.some((request) => request.path === '/api/sitting/lobby/paper' && request.at < openingAt), 'the sealed paper came before the opening');
        assert.deepEqual(await axeViolations(phone), [], 'the first question');
      },
    ),
  );
});
