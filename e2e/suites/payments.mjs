// Payments in the browser against the real binary: the demo teacher downloads the tax invoice of
// Waterkloof High School's order and opens its payment page, coming back from the gateway cancelled,
// and uploads the bank's proof of payment;
// the accountant imports a bank statement quoting the order's reference and marks the EFT paid; the
// payment page then shows the order paid on the gateway's return path.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { onPage } from '../support/browser.mjs';
import { signIn } from '../support/sign-in.mjs';

export function paymentsSuite(context) {
  describe('payments', () => {
    let payPath;
    let reference;
    let total;

    it(
      'a teacher downloads the tax invoice and opens the payment page',
      onPage(context.browser, async (page) => {
        const base = context.baseUrl;
        await signIn(page, base, { username: 'teacher@example.org', loginType: 'teacher' });
        await page.waitForURL(`${base}/portal**`);
        await page.goto(`${base}/portal/geography/invoices`);
        const heading = page.getByRole('heading', { name: /^Order / });
        await heading.waitFor();
        reference = (await heading.textContent()).replace('Order ', '').trim();
        total = (await page.getByRole('row', { name: /^Total/ }).getByRole('cell').textContent()).trim();

        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Download the tax invoice' }).click();
        const file = await download;
        assert.match(file.suggestedFilename(), /^INV-\d{6}\.pdf$/);
        const pdf = await readFile(await file.path());
        assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
        assert.match(pdf.toString('latin1'), /Tax Invoice/);

        await page.getByRole('link', { name: 'Pay' }).click();
        await page.waitForURL(/\/portal\/pay\/[0-9a-f-]{36}$/);
        payPath = new URL(page.url()).pathname;
        await page.getByRole('heading', { name: 'Pay by EFT' }).waitFor();
        await page.getByText(reference, { exact: true }).first().waitFor();

        // Back from the gateway without paying.
        await page.goto(`${base}${payPath}/cancelled`);
        await page.getByText('Nothing was paid.').waitFor();

        // The bank's proof of an EFT, uploaded for the office to check.
        await page.goto(`${base}/portal/geography/invoices`);
        await page.getByRole('heading', { name: /^Order / }).waitFor();
        await page.locator('input[type="file"]').setInputFiles({ name: 'proof.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% proof of payment\n') });
        await page.getByRole('button', { name: 'Upload the proof' }).click();
        await page.getByText(/One proof is with the office/).waitFor();
      }),
    );

    it(
      'an accountant marks the EFT paid from a bank-statement import',
      onPage(context.browser, async (page) => {
        const base = context.baseUrl;
        await signIn(page, base, { username: 'accountant@example.org', loginType: 'admin', olympiadName: 'geography' });
        // Signed in once the browser has left the sign-in page for the accountant's home.
        await page.waitForURL((url) => !url.pathname.endsWith('/login'));
        await page.goto(`${base}/geography/finance/payments`);
        const grid = page.getByRole('table', { name: 'Purchase orders' });
        await grid.getByRole('row').filter({ hasText: reference }).getByText('unpaid').waitFor();

        await page.getByRole('button', { name: 'Reconcile a bank statement' }).click();
        const dialog = page.getByRole('dialog', { name: 'Reconcile a bank statement' });
        const amount = total.replace(/[R\s]/g, '');
        const statement = `Date,Description,Amount\n2026-11-20,EFT ${reference} WATERKLOOF,${amount}\n2026-11-20,BANK CHARGES,-5.00\n`;
        await dialog.locator('input[type=file]').setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) });
        await dialog.getByRole('button', { name: 'Match' }).click();
        await dialog.getByText('Reference and amount agree').waitFor();
        await dialog.getByRole('button', { name: 'Mark the chosen orders paid' }).click();
        await page.getByText('The confirmed orders are paid.').waitFor();
        await grid.getByRole('row').filter({ hasText: reference }).getByText('paid', { exact: true }).waitFor();
      }),
    );

    it(
      'the payment page shows the order paid on the return path',
      onPage(context.browser, async (page) => {
        await page.goto(`${context.baseUrl}${payPath}/paid`);
        await page.getByText('Your payment is received and the order is paid.').waitFor();
      }),
    );
  });
}
