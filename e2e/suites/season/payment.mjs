// The school pays: the teacher makes its order on Invoices, downloads the tax invoice and uploads the
// bank's proof of her EFT; the accountant reconciles the bank statement on the Payment Portal, which
// pays the order; the teacher sees it paid.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { signIn } from '../../support/sign-in.mjs';
import { SCHOOL, TEACHER, onWatchedPage, season } from './story.mjs';

async function teacherOnInvoices(page, base) {
  await signIn(page, base, { username: TEACHER.email, password: TEACHER.password, loginType: 'teacher' });
  await page.waitForURL(`${base}/portal`);
  await page.goto(`${base}/portal/geography/invoices`);
}

export function paymentSteps(context) {
  it(
    'the teacher makes the school’s order, downloads its tax invoice and uploads the bank’s proof of payment',
    onWatchedPage(context.browser, async (page) => {
      const base = context.baseUrl;
      await teacherOnInvoices(page, base);
      await page.getByRole('button', { name: 'Make the order' }).click();
      const heading = page.getByRole('heading', { name: /^Order / });
      await heading.waitFor();
      const reference = (await heading.textContent()).replace('Order ', '').trim();
      const total = (await page.getByRole('row', { name: /^Total/ }).getByRole('cell').textContent()).trim();
      // Three learners at the demo's R 50.00, and VAT.
      assert.match(total, /^R\s?172[.,]50$/, `the order's total (${total})`);
      season.order = { reference, total };

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download the tax invoice' }).click();
      const invoice = await download;
      assert.match(invoice.suggestedFilename(), /^INV-\d{6}\.pdf$/);
      const pdf = (await readFile(await invoice.path())).toString('latin1');
      assert.match(pdf, /^%PDF-/);
      assert.match(pdf, /Tax Invoice/);

      await page.locator('input[type="file"]').setInputFiles({ name: 'proof.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% proof of an EFT\n') });
      await page.getByRole('button', { name: 'Upload the proof' }).click();
      await page.getByText(/One proof is with the office/).waitFor();
    }),
  );

  it(
    'the accountant reconciles the bank statement, which pays the order',
    onWatchedPage(context.browser, async (page) => {
      const base = context.baseUrl;
      const { reference, total } = season.order;
      await signIn(page, base, { username: 'accountant@example.org', loginType: 'admin', olympiadName: 'geography' });
      await page.waitForURL((url) => !url.pathname.endsWith('/login'));
      await page.goto(`${base}/geography/finance/payments`);
      const grid = page.getByRole('table', { name: 'Purchase orders' });
      const row = grid.getByRole('row').filter({ hasText: reference });
      await row.getByText('unpaid').waitFor();
      await row.getByText(SCHOOL.name).waitFor();

      await page.getByRole('button', { name: 'Reconcile a bank statement' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reconcile a bank statement' });
      const amount = total.replace(/[R\s]/g, '').replace(',', '.');
      const statement = `Date,Description,Amount\n2026-11-20,EFT ${reference} MTHATHA RIDGE,${amount}\n2026-11-20,BANK CHARGES,-5.00\n`;
      await dialog.locator('input[type=file]').setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) });
      await dialog.getByRole('button', { name: 'Match' }).click();
      await dialog.getByText('Reference and amount agree').waitFor();
      await dialog.getByRole('button', { name: 'Mark the chosen orders paid' }).click();
      await page.getByText('The confirmed orders are paid.').waitFor();
      await row.getByText('paid', { exact: true }).waitFor();
    }),
  );

  it(
    'the teacher sees the order paid',
    onWatchedPage(context.browser, async (page) => {
      await teacherOnInvoices(page, context.baseUrl);
      await page.getByRole('heading', { name: `Order ${season.order.reference}` }).waitFor();
      await page.getByText('paid', { exact: true }).first().waitFor();
    }),
  );
}
