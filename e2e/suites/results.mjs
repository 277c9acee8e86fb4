// Results and certificates in the browser against the real binary: learners finish their sitting
// (through the API, as their phones would), the admin moderates a mark with a reason, finalises the
// results, makes the certificates (the server's worker runs the job) and sends them; the demo teacher
// sees the school's results, downloads its certificates as one ZIP and its answer sheets, and appeals a
// mark, which the admin dismisses from the queue; the public pages show the winners.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { onPage } from '../support/browser.mjs';
import { signIn } from '../support/sign-in.mjs';
import { signInAsAdmin } from '../support/olympiad-api.mjs';

/** A 2 × 2 PNG, for the certificate's background (whole: the server decodes it, checksums and all). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP49eEOEDFAKABOLgsZ+f3jpwAAAABJRU5ErkJggg==',
  'base64',
);

async function request(baseUrl, method, path, { token, key, body } = {}) {
  const headers = { Authorization: `Bearer ${token}` };
  if (key) headers['X-Attempt-Key'] = key;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const envelope = await response.json();
  if (!envelope.success) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** A demo learner writes and hands in at once (no answers: score 0), as their phone would. */
async function finishSitting(baseUrl, learner) {
  const signedIn = await fetch(`${baseUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: learner.username, password: learner.password, olympiadName: 'geography', loginType: 'learner' }),
  }).then((r) => r.json());
  if (!signedIn.success) return false;
  const token = signedIn.data.token;
  try {
    const { attemptKey: key } = await request(baseUrl, 'POST', '/api/sitting/declaration', { token, body: { accepted: true } });
    await request(baseUrl, 'POST', '/api/sitting/recovery-code', { token, key });
    await request(baseUrl, 'POST', '/api/sitting/start', { token, key });
    await request(baseUrl, 'POST', '/api/sitting/finish', { token, key });
    return true;
  } catch {
    // Already written (by the sitting suite) or the window closed: what is finished stays.
    return false;
  }
}

async function eventually(check, what, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((done) => setTimeout(done, 500));
  }
  assert.fail(`${what} did not happen within ${timeoutMs} ms`);
}

export function resultsSuite(context) {
  describe('results and certificates', () => {
    it(
      'an admin moderates a mark with a reason, finalises, makes and sends the certificates',
      onPage(context.browser, async (page) => {
        const base = context.baseUrl;
        for (const learner of context.learners().slice(-3)) await finishSitting(base, learner);
        const admin = await signInAsAdmin(base);
        const results = await admin.call('GET', `/api/results?olympiadId=${admin.olympiadId}`);
        assert.ok(results.total > 0, 'some learners have finished');

        await signIn(page, base, { username: 'admin@example.org', loginType: 'admin', olympiadName: 'geography' });
        await page.waitForURL(`${base}/geography/admin/reports/overview`);
        await page.goto(`${base}/geography/admin/results/moderation`);
        await page.getByTestId('results-state').filter({ hasText: 'provisional' }).waitFor();

        // A mark moderated after an appeal, with its reason.
        await page.getByRole('button', { name: 'Moderate mark' }).first().click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Total marks').fill('5');
        await dialog.getByRole('button', { name: 'Save mark' }).click();
        await dialog.getByText('Say why').waitFor();
        await dialog.getByLabel('Reason').fill('Appeal upheld: the map question was read again');
        await dialog.getByRole('button', { name: 'Save mark' }).click();
        await page.getByRole('table', { name: 'Changes to the results' }).getByText('Appeal upheld').waitFor();

        for (const [button, state] of [
          ['Mark as moderated', 'moderated'],
          ['Finalise and release', 'final'],
        ]) {
          await page.getByRole('button', { name: button }).click();
          const confirm = page.getByRole('dialog');
          await confirm.getByLabel('Reason').fill('Checked by the moderators');
          await confirm.getByRole('button', { name: button }).click();
          await page.getByTestId('results-state').filter({ hasText: state }).waitFor();
        }

        await page.goto(`${base}/geography/admin/results/generate-and-send-certificates`);
        await page.getByRole('button', { name: 'Make certificates' }).click();
        await page.getByTestId('generation-state').filter({ hasText: 'generated' }).waitFor({ timeout: 30_000 });
        await page.getByRole('button', { name: 'Send to every school' }).click();
        await eventually(async () => {
          const status = await admin.call('GET', `/api/certificate/send-status?olympiadId=${admin.olympiadId}`);
          return status.sent === status.schools && status.schools > 0;
        }, 'every school sent');
        await page.getByRole('table', { name: 'Certificates per school' }).getByText('sent').first().waitFor();
      }),
    );

    it(
      'the teacher sees the school’s results and downloads its certificates',
      onPage(context.browser, async (page) => {
        const base = context.baseUrl;
        await signIn(page, base, { username: 'teacher@example.org', loginType: 'teacher' });
        await page.waitForURL(`${base}/portal**`);
        await page.goto(`${base}/portal/geography/certificates`);
        await page.getByRole('table', { name: "Your learners' results" }).waitFor();
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Download the certificates (ZIP)' }).click(),
        ]);
        assert.match(download.suggestedFilename(), /certificates\.zip$/);
        const path = await download.path();
        assert.ok(path, 'the ZIP is saved');

        // The school's answer sheets, for a day without power, and an appeal of a learner's mark.
        const [sheets] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download answer sheets (PDF)' }).click()]);
        assert.match(sheets.suggestedFilename(), /answer sheets\.pdf$/);
        await page.getByRole('button', { name: 'Appeal', exact: true }).first().click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Question number').fill('1');
        await dialog.getByLabel('Why the mark should be looked at again').fill('The map in question 1 was misprinted');
        await dialog.getByRole('button', { name: 'Lodge the appeal' }).click();
        await page.getByRole('table', { name: 'Your appeals' }).getByText('waiting').waitFor();
      }),
    );

    it(
      'an admin dismisses the appeal from the queue, with a reason the team reads',
      onPage(context.browser, async (page) => {
        const base = context.baseUrl;
        await signIn(page, base, { username: 'admin@example.org', loginType: 'admin', olympiadName: 'geography' });
        await page.waitForURL(`${base}/geography/admin/reports/overview`);
        await page.goto(`${base}/geography/admin/results/moderation`);
        const queue = page.getByRole('table', { name: 'Appeals' });
        await queue.getByText('The map in question 1 was misprinted').waitFor();
        await queue.getByRole('button', { name: 'Dismiss' }).first().click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Reason').fill('The printed map was the same for every school');
        await dialog.getByRole('button', { name: 'Dismiss' }).click();
        await queue.getByText('dismissed').waitFor();
        await page.getByRole('heading', { name: 'Answers written on paper' }).waitFor();
      }),
    );

    it(
      'an admin gives the gold certificate a background and the PDF preview shows the design as edited',
      onPage(context.browser, async (page) => {
        const base = context.baseUrl;
        await signIn(page, base, { username: 'admin@example.org', loginType: 'admin', olympiadName: 'geography' });
        await page.waitForURL(`${base}/geography/admin/reports/overview`);
        await page.goto(`${base}/geography/admin/results/edit-certificates`);
        // The preview is the PDF itself, in a frame.
        await page.getByTitle('Certificate preview (PDF)').waitFor();
        const remade = page.waitForResponse((r) => r.url().includes('/api/certificate/preview/') && r.request().method() === 'POST' && r.status() === 200);
        // The first picture input is the gold template's background.
        await page.locator('input[type=file]').first().setInputFiles({ name: 'parchment.png', mimeType: 'image/png', buffer: PNG });
        await page.getByRole('img', { name: 'Gold: background' }).waitFor();
        const response = await remade;
        assert.equal(response.headers()['content-type'], 'application/pdf');
        // The design the screen sent, with its background, gives a PDF with the picture in it.
        const sent = JSON.parse(response.request().postData());
        assert.equal(typeof sent.awards[0].backgroundAttachmentId, 'number');
        const admin = await signInAsAdmin(base);
        const again = await fetch(`${base}/api/certificate/preview/${admin.olympiadId}?award=gold`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(sent),
        });
        assert.equal(again.headers.get('content-type'), 'application/pdf');
        const pdf = Buffer.from(await again.arrayBuffer());
        assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
        assert.match(pdf.toString('latin1'), /\/Subtype \/Image/);
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText('Certificate configuration saved').waitFor();
      }),
    );

    it(
      'the public pages show the released winners',
      onPage(context.browser, async (page) => {
        const base = context.baseUrl;
        await page.goto(`${base}/geography/top-results`);
        await page.getByRole('heading', { name: 'Top schools' }).waitFor();
        await page.goto(`${base}/geography/past-winners`);
        await page.getByText(/\(\d{4}\)/).first().waitFor();
      }),
    );
  });
}
