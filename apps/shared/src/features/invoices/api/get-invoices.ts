// A school's (or country's) invoices: its purchase orders. The call is outside the OpenAPI document until
// the purchase-order issue adds it; its failure alert is spec section 8's "Could not get invoices".
import { apiRequest } from '../../../api/raw-request';
import { unwrap } from '../../../api/envelope';
import { COULD_NOT_GET_INVOICES } from '../../../api/messages';
import { alertError } from '../../../feedback/notifications';

export async function getInvoices<Invoice = unknown>(olympiadId: number, fetchDeleted = false): Promise<Invoice[]> {
  const result = await apiRequest<Invoice[]>('GET', '/api/purchase-order/', { query: { olympiadId, fetchDeleted } });
  if (!result.ok) alertError(COULD_NOT_GET_INVOICES);
  return unwrap(result);
}
