// A team admin withdraws the school's order from Invoices: only one that nothing is paid or promised on,
// only after saying yes, and the screen then offers to make a new one.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { buildRouteTable } from '@olympiad/shared/access/route-table';
import { USER_KEY } from '@olympiad/shared/session/stored-user';
import { KitProvider } from '@olympiad/shared/ui/kit/kit-provider';
import { ok, serve } from '@olympiad/shared/testing/fake-server';
import { PortalInvoicesScreen } from './portal-invoices-screen';

const route = buildRouteTable('portal').find((r) => r.key === 'portalInvoices')!;

const order = (changes: Record<string, unknown> = {}) => ({
  id: 7,
  olympiadId: 3,
  schoolParticipantId: 5,
  reference: 'GEO-0007',
  payToken: 'pay-7',
  learners: 3,
  freeLearners: 0,
  unitCents: 5000,
  vatBasisPoints: 1500,
  subtotalCents: 15000,
  vatCents: 2250,
  totalCents: 17250,
  paid: false,
  preApproved: false,
  schoolsPO: '',
  createdAt: '2026-02-01T08:00:00Z',
  updatedAt: '2026-02-01T08:00:00Z',
  sponsoredCents: 0,
  feeLines: [],
  customerName: 'Thuto High',
  province: 'Gauteng',
  receivedCents: 0,
  proofCount: 0,
  ...changes,
});

/** The server: the teacher's school, its orders as `orders()` gives them at the time, and a withdrawal
 * that empties them. */
function serveInvoices(orders: () => unknown[], withdrawn: () => void) {
  return serve({
    'GET /api/school/single': ok({ olympiad: { id: 3, title: 'Geography Olympiad 2026' }, entry: { id: 5, learnerCount: 3 }, isTeamAdmin: true }),
    'GET /api/purchase-order/': () => ok({ rows: orders(), total: orders().length }),
    'GET /api/purchase-order/my-countries': ok([]),
    'DELETE /api/purchase-order/7': () => {
      withdrawn();
      return ok(order({ deletedAt: '2026-02-02T08:00:00Z' }));
    },
  });
}

function renderInvoices() {
  window.localStorage.setItem(USER_KEY, JSON.stringify({ id: 2, role: 'teacher', accessToken: 't' }));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <KitProvider>
        <MemoryRouter initialEntries={['/portal/geography/invoices']}>
          <Routes>
            <Route path="/portal/:olympiadName/invoices" element={<PortalInvoicesScreen route={route} />} />
          </Routes>
        </MemoryRouter>
      </KitProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('withdrawing an order', () => {
  it('asks first, sends the school entry with the order, and then offers a new order', async () => {
    const person = userEvent.setup();
    let rows = [order()];
    const calls = serveInvoices(
      () => rows,
      () => (rows = []),
    );
    renderInvoices();
    await person.click(await screen.findByRole('button', { name: 'Withdraw the order' }));
    const ask = await screen.findByRole('dialog', { name: 'Withdraw this order?' });
    expect(ask).toHaveTextContent('Order GEO-0007 for R 172.50 is cancelled, with its invoice.');
    await person.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await person.click(screen.getByRole('button', { name: 'Withdraw the order' }));
    await person.click(within(await screen.findByRole('dialog', { name: 'Withdraw this order?' })).getByRole('button', { name: 'Withdraw the order' }));
    expect(await screen.findByRole('button', { name: 'Make the order' })).toBeInTheDocument();
    const withdrawals = calls.filter((c) => c.method === 'DELETE');
    expect(withdrawals.map((c) => [c.path, c.query.get('schoolParticipantId')])).toEqual([['/api/purchase-order/7', '5']]);
  });

  it('is not offered once the office pre-approved the order or money came in', async () => {
    for (const changes of [{ preApproved: true }, { receivedCents: 5000 }, { paid: true }]) {
      serveInvoices(
        () => [order(changes)],
        () => undefined,
      );
      renderInvoices();
      await screen.findByText('Order GEO-0007');
      expect(screen.queryByRole('button', { name: 'Withdraw the order' })).not.toBeInTheDocument();
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});
