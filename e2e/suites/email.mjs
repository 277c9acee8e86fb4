// E-mail screens on real data: the overlord edits and previews system e-mail copy, writes a mass
// mail and attaches a file to it, and opens the queue, summary, campaigns, logs, unsubscribes, bounces, shunned
// addresses and the school overview; the admin sees the olympiad's system e-mails; anyone checks an
// address on the public e-mail validation page through the link mailed to it. Every screen passes axe.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { onPage } from '../support/browser.mjs';
import { signIn } from '../support/sign-in.mjs';
import { linkFromOutbox } from '../support/outbox.mjs';

export function emailSuite(context) {
  describe('e-mail', () => {
    it(
      'the overlord edits copy, writes a mass mail, and reads every e-mail screen',
      onPage(context.browser, async (page) => {
        await signIn(page, context.baseUrl, { username: 'overlord@example.org', loginType: 'overlord' });
        await page.waitForURL(`${context.baseUrl}/overlord/overview`);

        await page.goto(`${context.baseUrl}/overlord/edit/email-copy`);
        await page.getByRole('heading', { name: 'Password reset' }).waitFor();
        await page.getByRole('button', { name: 'Preview with sample data' }).click();
        await page.getByText('Subject: Reset your olympiad password').waitFor();

        await page.goto(`${context.baseUrl}/overlord/edit/mass-mails`);
        await page.getByRole('button', { name: 'New mass mail' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Title').fill('End-to-end reminder');
        await dialog.getByLabel('Subject').fill('Entries close on Friday');
        await dialog.getByRole('button', { name: 'Save' }).click();
        const table = page.getByRole('table', { name: 'Mass mails' });
        await table.getByText('End-to-end reminder').waitFor();

        // A file every message carries: uploaded, listed in the dialog and in the grid.
        await table.getByRole('row', { name: /End-to-end reminder/ }).getByRole('button', { name: 'Files' }).click();
        const files = page.getByRole('dialog', { name: 'Files of “End-to-end reminder”' });
        await files.getByText('No files yet.').waitFor();
        await files.locator('input[type=file]').setInputFiles({ name: 'entry-form.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% entry form\n%%EOF\n') });
        await files.getByRole('list', { name: 'Attached files' }).getByText(/entry-form\.pdf/).waitFor();
        await page.keyboard.press('Escape');
        await table.getByRole('cell', { name: 'entry-form.pdf' }).waitFor();

        for (const [path, heading] of [
          ['/overlord/mass-mail-queue', 'Mass Mail Queue'],
          ['/overlord/mass-mail-summary', 'Mass Mail Summary'],
          ['/overlord/campaigns', 'Campaigns'],
          ['/overlord/email-logs', 'All Email Logs'],
          ['/overlord/unsubscribes', 'All Unsubscribes'],
          ['/overlord/bounces', 'Bounces'],
          ['/overlord/shunned-emails', 'Shunned Emails'],
          ['/overlord/school-emails-overview', 'School Emails Overview'],
        ]) {
          await page.goto(`${context.baseUrl}${path}`);
          await page.getByRole('heading', { name: heading, exact: true }).waitFor();
        }
        await page.getByRole('table', { name: 'Schools' }).getByText('Waterkloof High School').first().waitFor();
        await page.goto(`${context.baseUrl}/overlord/mass-mail-summary`);
        await page.getByText('End-to-end reminder').waitFor();
      }),
    );

    it(
      'the overlord finds a queued e-mail on the server, opens it, and sees no link that is the addressee’s own',
      onPage(context.browser, async (page) => {
        // A password reset: its e-mail carries the teacher's reset link until it is sent.
        const reset = await fetch(`${context.baseUrl}/api/auth/forgot-password/${encodeURIComponent('teacher@example.org')}`, { method: 'POST' });
        assert.equal(reset.status, 200, await reset.text());
        await signIn(page, context.baseUrl, { username: 'overlord@example.org', loginType: 'overlord' });
        await page.waitForURL(`${context.baseUrl}/overlord/overview`);
        await page.goto(`${context.baseUrl}/overlord/mass-mail-queue`);
        await page.getByRole('radio', { name: 'Unsent only' }).waitFor({ state: 'attached' });
        // The unsent e-mails come from the server's own list; every one from the whole queue.
        await page.locator('label', { hasText: 'Sent and unsent' }).click();
        assert.ok(await page.getByRole('radio', { name: 'Sent and unsent' }).isChecked());

        // The server's search: found by address, sent or not.
        await page.getByLabel('Search every e-mail by address').fill('TEACHER@example');
        await page.getByRole('button', { name: 'Search', exact: true }).click();
        await page.getByText('Found by “TEACHER@example”, sent or not').waitFor();
        const table = page.getByRole('table', { name: 'Queued e-mails' });
        const row = table.getByRole('row', { name: /teacher@example\.org/ }).first();
        await row.waitFor();
        await row.getByRole('button', { name: 'Open' }).click();

        const dialog = page.getByRole('dialog', { name: /Queued e-mail \d+/ });
        await dialog.getByText('Subject: Reset your olympiad password').waitFor();
        await dialog.getByText('Tries').waitFor();
        await dialog.getByText('password reset').waitFor();
        // The HTML in a sandboxed frame, no script; its link hidden (not sent yet) or blanked (sent).
        const frame = dialog.locator('iframe[title="Preview of the e-mail"]');
        assert.equal(await frame.getAttribute('sandbox'), '');
        const html = await frame.getAttribute('srcdoc');
        assert.match(html, /\(link hidden: it is the addressee's own\)|\(removed once sent\)/);
        assert.doesNotMatch(html, /reset-password\/[A-Za-z0-9_-]{8,}/, 'no reset token in the view');
        await dialog.getByRole('tab', { name: 'Plain text' }).click();
        const text = await dialog.locator('pre').textContent();
        assert.doesNotMatch(text, /reset-password\/[A-Za-z0-9_-]{8,}/);
        await page.keyboard.press('Escape');

        await page.getByRole('button', { name: 'Show the queue again' }).click();
        await page.getByRole('radio', { name: 'Unsent only' }).waitFor({ state: 'attached' });
      }),
    );

    it(
      'the admin sees the olympiad’s system e-mails',
      onPage(context.browser, async (page) => {
        await signIn(page, context.baseUrl, { username: 'admin@example.org', loginType: 'admin', olympiadName: 'geography' });
        await page.waitForURL(/\/geography\/admin\//);
        await page.goto(`${context.baseUrl}/geography/admin/edit/system-emails`);
        await page.getByRole('heading', { name: 'Password reset' }).waitFor();
        await page.goto(`${context.baseUrl}/geography/admin/edit/mass-mailers`);
        await page.getByRole('button', { name: 'New mass mail' }).waitFor();
        await page.goto(`${context.baseUrl}/geography/admin/reports/email-logs`);
        await page.getByRole('table', { name: 'E-mail log' }).waitFor();
        await page.goto(`${context.baseUrl}/geography/admin/reports/unsubscribes`);
        await page.getByRole('table', { name: 'Unsubscribes' }).waitFor();
      }),
    );

    it(
      'anyone checks their address through the link mailed to it, and opens an unsubscribe page',
      onPage(context.browser, async (page) => {
        const address = 'parent.check@school.example.org';
        await page.goto(`${context.baseUrl}/email-validation-page`);
        await page.getByLabel('E-mail address').fill(address);
        await page.getByRole('button', { name: 'E-mail me a check' }).click();
        await page.getByText('Look in your mailbox').waitFor();
        // What we know of an address is shown only through the link mailed to it.
        const link = await linkFromOutbox(context.dataDir, /https?:\/\/[^\s"<>]+\/email-validation-page\?email=[^\s"<>]+/);
        await page.goto(link.replaceAll('&amp;', '&'));
        await page.getByText(new RegExp(`^${address.replaceAll('.', '\\.')} (looks good|will not receive our mail)$`)).waitFor();
        await page.goto(`${context.baseUrl}/email-validation-page?email=${encodeURIComponent(address)}&token=forged`);
        await page.getByRole('button', { name: 'E-mail me a check' }).waitFor();
        assert.equal(await page.getByText(/looks good|will not receive our mail/).count(), 0, 'a forged link shows nothing of the address');
        await page.goto(`${context.baseUrl}/unsubscribe/no-such-reference`);
        await page.getByText('This link did not work').waitFor();
        assert.ok(page.url().endsWith('/unsubscribe/no-such-reference'));
      }),
    );
  });
}
