// The Payment Portal's calls: GET /api/purchase-order (the grid), PUT /api/purchase-order/{id}?status,
// DELETE /api/purchase-order/admin/{id}, the discount and its e-mail, bank-statement matching, and the
// Payments Dashboard's totals.
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { uploadFiles } from '@olympiad/shared/api/upload';
import type { components, operations } from '@olympiad/shared/api/schema';
import { orderKeys } from '@olympiad/shared/features/invoices/api/purchase-orders';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import type { ListQuery } from '@olympiad/shared/ui/data-grid/server-query';
import { serverGrid } from '@olympiad/shared/ui/data-grid/server-list';

type OrderQuery = NonNullable<operations['purchase_order_list']['parameters']['query']>;
export type OrderRow = components['schemas']['PurchaseOrderRow'];
/** A statement's credit and the unpaid order whose reference it quotes, if any. */
export type StatementMatch = {
  line: components['schemas']['StatementLine'];
  purchaseOrderId?: number | null;
  reference?: string | null;
  kind: components['schemas']['MatchKind'];
};

async function getOrders(query: OrderQuery) {
  return unwrap(await call(api.GET('/api/purchase-order', { params: { query } })));
}

export function ordersGrid(olympiadId: number | undefined, fetchDeleted: boolean) {
  return serverGrid<OrderRow>({
    path: '/api/purchase-order',
    queryKey: [...orderKeys.list(olympiadId), fetchDeleted],
    fetchPage: (query: ListQuery) => getOrders(query as OrderQuery),
    baseQuery: { ...(olympiadId === undefined ? {} : { olympiadId }), fetchDeleted: fetchDeleted ? 'true' : 'false' },
    exportName: 'purchase-orders',
  });
}

export function useSetOrderStatus() {
  return useApiMutation({
    mutationFn: ({ id, status }: { id: number; status: 'paid' | 'pre' | 'unpaid' }) =>
      call(api.PUT('/api/purchase-order/{id}', { params: { path: { id }, query: { status } } })),
    success: 'The order is updated.',
    invalidates: () => [orderKeys.all],
  });
}

export function useDeleteOrder() {
  return useApiMutation({
    mutationFn: (id: number) => call(api.DELETE('/api/purchase-order/admin/{id}', { params: { path: { id }, query: { status: 'delete' } } })),
    success: 'The order is deleted.',
    invalidates: () => [orderKeys.all],
  });
}

export function useSetDiscount() {
  return useApiMutation({
    mutationFn: ({ id, freeLearners, comment }: { id: number; freeLearners: number; comment: string }) =>
      call(api.PUT('/api/purchase-order/set-num-learners-discount/{id}', { params: { path: { id }, query: { freeLearners, comment } } })),
    success: 'The discount is saved.',
    invalidates: () => [orderKeys.all],
  });
}

export function useSendDiscountEmail() {
  return useApiMutation({
    mutationFn: (id: number) => call(api.PUT('/api/purchase-order/send-discount-email/{id}', { params: { path: { id } } })),
    success: 'The e-mail is on its way.',
    invalidates: () => [],
  });
}

/** Reads a statement and proposes a match for each credit; writes nothing. */
/** The statement's credits beside the orders they quote: read only, so it says and refreshes nothing. */
export function useMatchStatement() {
  return useApiMutation({
    mutationFn: ({ olympiadId, file }: { olympiadId: number; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return uploadFiles<StatementMatch[]>({ path: `/api/purchase-order/reconcile/preview?olympiadId=${olympiadId}` }, form);
    },
  });
}

export function useConfirmMatches() {
  return useApiMutation({
    mutationFn: (matches: { purchaseOrderId: number; line: StatementMatch['line'] }[]) =>
      call(api.POST('/api/purchase-order/reconcile/confirm', { body: { matches } })),
    success: 'The confirmed orders are paid.',
    invalidates: () => [orderKeys.all],
  });
}

async function getDashboard(olympiadId: number) {
  return unwrap(await call(api.GET('/api/purchase-order/dashboard', { params: { query: { olympiadId } } })));
}

export type PaymentsDashboard = Awaited<ReturnType<typeof getDashboard>>;

export function dashboardQuery(olympiadId: number) {
  return { queryKey: orderKeys.dashboard(olympiadId), queryFn: () => getDashboard(olympiadId) };
}

export type FeeSchedule = components['schemas']['FeeSchedule'];
type FeesInput = components['schemas']['FeesInput'];

export function useSetFees() {
  return useApiMutation({
    mutationFn: ({ olympiadId, body }: { olympiadId: number; body: FeesInput }) =>
      call(api.PUT('/api/purchase-order/fees', { params: { query: { olympiadId } }, body })),
    success: 'The fees are saved.',
    invalidates: () => [orderKeys.all],
  });
}

/** Marks the order paid from its proof of payment (recorded once, however often asked). */
export function useAcceptProof() {
  return useApiMutation({
    mutationFn: ({ id, proofId }: { id: number; proofId: number }) =>
      call(api.PUT('/api/purchase-order/{id}/proof/{proofId}/accept', { params: { path: { id, proofId } } })),
    success: 'The order is paid from its proof of payment.',
    invalidates: () => [orderKeys.all],
  });
}

/** The funding staff mark the order's school entry sponsored for a share of its fees (0 takes it away). */
export function useSetSponsored() {
  return useApiMutation({
    mutationFn: ({ id, sponsoredPercent }: { id: number; sponsoredPercent: number }) =>
      call(api.PUT('/api/purchase-order/set-sponsored/{id}', { params: { path: { id }, query: { sponsoredPercent } } })),
    success: 'The sponsorship is saved.',
    invalidates: () => [orderKeys.all],
  });
}
