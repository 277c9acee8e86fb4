// The payment page's calls: GET /api/pay/{token} (what is owed, banking details, PayFast's signed form)
// and its tax invoice, POST /api/pay/{token}/invoice (issued when the button is pressed, never by
// opening the link). Public: the link's secret is the key.
import { queryOptions } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { downloadFile } from '@olympiad/shared/api/download';

export function payPageQuery(token: string) {
  return queryOptions({
    queryKey: ['pay-page', token],
    queryFn: async () => unwrap(await call(api.GET('/api/pay/{token}', { params: { path: { token } } }))),
  });
}

export function downloadPayInvoice(token: string) {
  return downloadFile('POST', `/api/pay/${encodeURIComponent(token)}/invoice`, { fallbackName: 'invoice.pdf' });
}
