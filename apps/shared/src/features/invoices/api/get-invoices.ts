// A school's (or country's) invoices: its purchase orders (GET /api/purchase-order/). Its failure alert
// is "Could not get invoices".
import { apiRequest } from '../../../api/raw-request';
import { unwrap } from '../../../api/envelope';
import { COULD_NOT_GET_INVOICES } from '../../../api/messages';
import { alertError } from '../../../feedback/notifications';
import type { components } from '../../../api/schema';

export type PurchaseOrderRow = components['schemas']['PurchaseOrderRow'];
type OrderPage = { rows: PurchaseOrderRow[]; total: number };

export async function getInvoices(olympiadId: number, fetchDeleted = false, countryParticipantId?: number): Promise<PurchaseOrderRow[]> {
  const query = countryParticipantId === undefined ? { olympiadId, fetchDeleted } : { olympiadId, fetchDeleted, countryParticipantId };
  const result = await apiRequest<OrderPage>('GET', '/api/purchase-order/', { query });
  if (!result.ok) alertError(COULD_NOT_GET_INVOICES);
  return unwrap(result).rows;
}
