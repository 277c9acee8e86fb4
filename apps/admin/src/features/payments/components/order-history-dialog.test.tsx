// An order's history as the accountant opens it from the Payment Portal: the discounts with their
// reasons and who gave them, every invoice and credit note (each opened as the school received it), and
// the money received with how it came.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import { USER_KEY } from '@olympiad/shared/session/stored-user';
import { ok, serve } from '../../overlord/screen-harness';
import type { OrderRow } from '../api/orders';
import { OrderHistoryDialog } from './order-history-dialog';

const order = {
  id: 7,
  olympiadId: 3,
  reference: 'GEO-0007',
  payToken: 'pay-7',
  learners: 3,
  freeLearners: 1,
  unitCents: 5000,
  vatBasisPoints: 1500,
  subtotalCents: 10000,
  vatCents: 1500,
  totalCents: 11500,
  paid: true,
  preApproved: false,
  schoolsPO: 'PO-77',
  createdAt: '2026-02-01T08:00:00Z',
  updatedAt: '2026-02-03T08:00:00Z',
  sponsoredCents: 0,
  feeLines: [],
  customerName: 'Thuto High',
  province: 'Gauteng',
  receivedCents: 11500,
  proofCount: 0,
} satisfies OrderRow;

const document = (id: number, number: string, creditNote: boolean, totalCents: number, creditsInvoiceId: number | null = null) => ({
  id,
  purchaseOrderId: 7,
  projectId: 1,
  number: id,
  documentNumber: number,
  creditNote,
  creditsInvoiceId,
  customerName: 'Thuto High',
  customerAddress: '',
  schoolsPO: 'PO-77',
  reference: 'GEO-0007',
  learners: 3,
  freeLearners: creditNote ? 0 : 1,
  unitCents: 5000,
  vatBasisPoints: 1500,
  subtotalCents: 0,
  vatCents: 0,
  totalCents,
  issuedAt: '2026-02-02T08:00:00Z',
  sponsoredCents: 0,
  feeLines: [],
});

const detail = {
  ...order,
  comments: [{ id: 1, purchaseOrderId: 7, freeLearners: 1, comment: 'Bursary learner', userId: 4, createdAt: '2026-02-02T07:00:00Z', byName: 'Thandi Mokoena' }],
  invoices: [document(1, 'INV-000001', false, 17250), document(2, 'CN-000002', true, -17250, 1), document(3, 'INV-000003', false, 11500)],
  payments: [{ id: 9, purchaseOrderId: 7, method: 'eft', amountCents: 11500, recordedBy: 4, createdAt: '2026-02-03T08:00:00Z', recordedByName: 'Thandi Mokoena' }],
  proofs: [],
};

afterEach(() => vi.unstubAllGlobals());

describe("an order's history", () => {
  it('lists the discounts, invoices and credit notes, and payments, and opens an earlier document', async () => {
    const person = userEvent.setup();
    window.localStorage.setItem(USER_KEY, JSON.stringify({ id: 4, role: 'accountant', accessToken: 't' }));
    const calls = serve({
      'GET /api/purchase-order/7': ok(detail),
      'GET /api/purchase-order/7/invoice': { body: 'pdf' },
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MantineProvider env="test">
          <OrderHistoryDialog order={order} />
        </MantineProvider>
      </QueryClientProvider>,
    );
    const discounts = await screen.findByRole('table', { name: 'Discounts' });
    expect(discounts).toHaveTextContent('Bursary learner');
    expect(discounts).toHaveTextContent('Thandi Mokoena');
    const documents = screen.getByRole('table', { name: 'Invoices and credit notes' });
    const rows = within(documents).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['INV-000001', 'CN-000002', 'INV-000003']);
    expect(rows[1]).toHaveTextContent('credit note for INV-000001');
    expect(rows[1]).toHaveTextContent('-R 172.50');
    const payments = screen.getByRole('table', { name: 'Payments received' });
    expect(payments).toHaveTextContent('EFT');
    expect(payments).toHaveTextContent('R 115.00');

    await person.click(within(documents).getByRole('button', { name: 'Open CN-000002' }));
    await waitFor(() => {
      const opened = calls.filter((c) => c.path === '/api/purchase-order/7/invoice');
      expect(opened.map((c) => [c.method, c.query.get('invoiceId')])).toEqual([['GET', '2']]);
    });
  });
});
