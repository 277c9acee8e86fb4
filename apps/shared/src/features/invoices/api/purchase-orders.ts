// Purchase orders as the teacher portal and the Payment Portal both use them: the query keys, one order
// with its history, making an order, the school's order number, and the invoice PDF.
import { queryOptions } from '@tanstack/react-query';
import { api, call } from '../../../api/client';
import { unwrap } from '../../../api/envelope';
import { downloadFile } from '../../../api/download';
import { uploadFiles } from '../../../api/upload';
import type { components } from '../../../api/schema';
import { useApiMutation } from '../../../resource/use-api-mutation';
import { getInvoices } from './get-invoices';

async function getOrder(id: number) {
  return unwrap(await call(api.GET('/api/purchase-order/{id}', { params: { path: { id } } })));
}

export type OrderDetail = Awaited<ReturnType<typeof getOrder>>;

export const orderKeys = {
  all: ['purchase-orders'] as const,
  country: (olympiadId: number, countryParticipantId: number) => [...orderKeys.all, 'country', olympiadId, countryParticipantId] as const,
  myCountries: (olympiadId: number) => [...orderKeys.all, 'my-countries', olympiadId] as const,
  list: (olympiadId: number | undefined) => [...orderKeys.all, 'list', olympiadId ?? 'every'] as const,
  detail: (id: number) => [...orderKeys.all, 'detail', id] as const,
  dashboard: (olympiadId: number | undefined) => [...orderKeys.all, 'dashboard', olympiadId ?? 'every'] as const,
};

/** The teacher's own orders in an olympiad. */
export function myOrdersQuery(olympiadId: number) {
  return queryOptions({ queryKey: orderKeys.list(olympiadId), queryFn: () => getInvoices(olympiadId) });
}

/** A country's orders, for its team leader. */
export function countryOrdersQuery(olympiadId: number, countryParticipantId: number) {
  return queryOptions({ queryKey: orderKeys.country(olympiadId, countryParticipantId), queryFn: () => getInvoices(olympiadId, false, countryParticipantId) });
}

async function getMyCountries(olympiadId: number) {
  return unwrap(await call(api.GET('/api/purchase-order/my-countries', { params: { query: { olympiadId } } })));
}

/** The country entries whose team the signed-in teacher leads (by their e-mail address). */
export function myCountriesQuery(olympiadId: number) {
  return queryOptions({ queryKey: orderKeys.myCountries(olympiadId), queryFn: () => getMyCountries(olympiadId) });
}

export function orderQuery(id: number) {
  return queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: () => getOrder(id),
  });
}

export function useCreateOrder() {
  return useApiMutation({
    mutationFn: (q: { customerParticipantId?: number; countryParticipantId?: number; schoolsPO?: string }) => call(api.POST('/api/purchase-order', { params: { query: q } })),
    success: 'The order is made.',
    invalidates: () => [orderKeys.all],
  });
}

/** The school (or country) takes back its own order while nothing is paid or promised on it; it stays
 * on record for the office, and a new one may be made. */
export function useWithdrawOrder() {
  return useApiMutation({
    mutationFn: ({ id, schoolParticipantId }: { id: number; schoolParticipantId?: number | null }) =>
      call(api.DELETE('/api/purchase-order/{id}', { params: { path: { id }, query: schoolParticipantId == null ? {} : { schoolParticipantId } } })),
    success: 'The order is withdrawn.',
    invalidates: () => [orderKeys.all],
  });
}

export function useSetSchoolPo() {
  return useApiMutation({
    mutationFn: ({ id, schoolsPO }: { id: number; schoolsPO: string }) =>
      call(api.PUT('/api/purchase-order/set-school-po/{id}', { params: { path: { id }, query: { schoolsPO } } })),
    success: 'The order number is saved.',
    invalidates: () => [orderKeys.all],
  });
}

/** The order's current tax invoice (POST: issued now if the order changed since the last one), or,
 * with `invoiceId`, an earlier invoice or credit note of it (GET: issues nothing). */
export function downloadInvoice(id: number, invoiceId?: number) {
  if (invoiceId) return downloadFile('GET', `/api/purchase-order/${id}/invoice`, { query: { invoiceId }, fallbackName: 'invoice.pdf' });
  return downloadFile('POST', `/api/purchase-order/${id}/invoice`, { fallbackName: 'invoice.pdf' });
}

export type PaymentProof = components['schemas']['PaymentProof'];

/** The file types a proof of payment may be (the server judges the bytes, this only helps the picker). */
export const PROOF_TYPES = 'application/pdf,image/jpeg,image/png';

/** Uploads the bank's proof of payment for an order (PDF, JPEG or PNG, at most 5 MB). */
export function useUploadProof() {
  return useApiMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return uploadFiles<PaymentProof>({ path: `/api/purchase-order/${id}/proof` }, form);
    },
    success: 'The proof of payment is uploaded; the office will check it.',
    invalidates: () => [orderKeys.all],
  });
}

/** Opens (downloads) an uploaded proof of payment. */
export function downloadProof(id: number, proof: PaymentProof) {
  return downloadFile('GET', `/api/purchase-order/${id}/proof/${proof.id}`, { fallbackName: proof.filename });
}

/** Rands from cents, as an invoice shows them: R 1 437.50. */
export function rands(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const [whole = '0', fraction = '00'] = (Math.abs(cents) / 100).toFixed(2).split('.');
  return `${sign}R ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}.${fraction}`;
}

/** Where an order stands, in words. */
export function orderState(order: { paid: boolean; preApproved: boolean; deletedAt?: string | null }): string {
  if (order.deletedAt) return 'deleted';
  if (order.paid) return 'paid';
  if (order.preApproved) return 'pre-approved';
  return 'unpaid';
}
