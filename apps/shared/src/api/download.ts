// Files from the API (exports, templates, login slips): the same session rules as every call (headers,
// XSRF, loading indicator, 401), the answer saved under the server's file name.
import { applyRequestHeaders } from './request-headers';
import { readEnvelope, transportFailure, type ApiResult } from './envelope';
import { API_BASE, endSessionOn401, transportMessage } from './client';
import { withQuery, type Query } from './raw-request';
import { beginLoading, endLoading } from '../feedback/loading';
import { downloadBlob } from '../ui/data-grid/export-rows';

/** The file name of a `Content-Disposition: attachment; filename="…"` header. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename="?([^";]+)"?/);
  return match?.[1] ?? fallback;
}

/** Fetches a file and saves it; a failure comes back in the envelope's words. */
export async function downloadFile(
  method: 'GET' | 'POST',
  path: string,
  options: { query?: Query; json?: unknown; fallbackName: string },
): Promise<ApiResult<string>> {
  const headers = new Headers();
  applyRequestHeaders(headers, 'json');
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (options.json !== undefined) init.body = JSON.stringify(options.json);
  beginLoading();
  try {
    const response = await globalThis.fetch(`${API_BASE}${withQuery(path, options.query)}`, init);
    endSessionOn401(response);
    if (!response.ok) {
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: shown as it is
      }
      return readEnvelope<string>(response.status, body);
    }
    const name = fileNameOf(response.headers.get('Content-Disposition'), options.fallbackName);
    downloadBlob(await response.blob(), name);
    return { ok: true, status: response.status, data: name, body: null };
  } catch (error) {
    return transportFailure(transportMessage(error));
  } finally {
    endLoading();
  }
}
