// Calls the OpenAPI document does not describe (yet), form-encoded posts and multipart uploads: the same
// session rules as the typed client (headers, XSRF, loading indicator, 401) over plain fetch.
import { applyRequestHeaders, type BodyKind } from './request-headers';
import { readEnvelope, transportFailure, type ApiResult } from './envelope';
import { API_BASE, endSessionOn401, transportMessage, withTimeout } from './client';
import { beginLoading, endLoading } from '../feedback/loading';

export type Query = Record<string, string | number | boolean | null | undefined>;

export type RawRequestOptions = {
  query?: Query;
  /** A JSON body. */
  json?: unknown;
  /** A form-encoded body (form posts). */
  form?: Record<string, string>;
  /** A multipart body (uploads). */
  multipart?: FormData;
  /** Message when a failure names none (default "An error occurred"). */
  fallback?: string;
  timeoutMs?: number;
};

export function withQuery(path: string, query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const text = search.toString();
  return text === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function apiRequest<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
  path: string,
  options: RawRequestOptions = {},
): Promise<ApiResult<T>> {
  const headers = new Headers();
  let kind: BodyKind = 'json';
  let body: BodyInit | undefined;
  if (options.multipart !== undefined) {
    kind = 'multipart';
    body = options.multipart;
  } else if (options.form !== undefined) {
    kind = 'form';
    body = new URLSearchParams(options.form);
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set('Content-Type', 'application/json');
  }
  applyRequestHeaders(headers, kind);
  const timeoutMs = options.timeoutMs ?? 0;
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (body !== undefined) init.body = body;
  const signal = withTimeout(timeoutMs);
  if (signal !== undefined) init.signal = signal;

  beginLoading();
  try {
    const response = await globalThis.fetch(`${API_BASE}${withQuery(path, options.query)}`, init);
    endSessionOn401(response);
    return readEnvelope<T>(response.status, await readBody(response), options.fallback);
  } catch (error) {
    return transportFailure(transportMessage(error, timeoutMs));
  } finally {
    endLoading();
  }
}
