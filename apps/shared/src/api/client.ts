// The typed API client: openapi-fetch over the types generated from the server's OpenAPI document, with
// the session's rules as middleware. Every call returns an ApiResult (see envelope.ts).
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';
import { applyRequestHeaders, bodyKindOf } from './request-headers';
import { readEnvelope, transportFailure, type ApiResult } from './envelope';
import { NETWORK_ERROR, REQUEST_ABORTED, timeoutExceeded } from './messages';
import { beginLoading, endLoading } from '../feedback/loading';
import { clearStoredUser } from '../session/stored-user';
import { emitSessionEvent } from '../session/session-events';

/** Same origin: the `olympiad` binary serves the apps and the API (absolute, as Request needs). */
export const API_BASE = typeof window === 'undefined' ? '' : window.location.origin;

/** A 401 on any call ends the session; the route guard then sends to /login. */
export function endSessionOn401(response: Response): void {
  if (response.status !== 401) return;
  clearStoredUser();
  emitSessionEvent({ type: 'loggedOut' });
}

const inFlight = new Set<string>();

/** Session headers, the loading indicator and the 401 rule; `loading: false` leaves the indicator alone. */
function sessionMiddlewareWith({ loading }: { loading: boolean }): Middleware {
  return {
    onRequest({ request, id }) {
      applyRequestHeaders(request.headers, bodyKindOf(request));
      if (loading) {
        inFlight.add(id);
        beginLoading();
      }
      return request;
    },
    onResponse({ response, id }) {
      if (inFlight.delete(id)) endLoading();
      endSessionOn401(response);
      return response;
    },
    onError({ id }) {
      if (inFlight.delete(id)) endLoading();
    },
  };
}

export const sessionMiddleware: Middleware = sessionMiddlewareWith({ loading: true });

export function createApiClient(options: { baseUrl?: string; fetch?: typeof fetch; loading?: boolean } = {}) {
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? API_BASE,
    // Looked up at call time, so tests (and polyfills) can replace the global fetch.
    fetch: options.fetch ?? ((input: Request) => globalThis.fetch(input)),
  });
  client.use(options.loading === false ? sessionMiddlewareWith({ loading: false }) : sessionMiddleware);
  return client;
}

export const api = createApiClient();

/**
 * For calls a person did not ask for and that show their own progress (a learner's answer saves and
 * progress pings, a monitor's refresh): the same session rules, without the loading indicator.
 */
export const backgroundApi = createApiClient({ loading: false });

export function transportMessage(error: unknown, timeoutMs = 0): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return timeoutExceeded(timeoutMs);
  if (error instanceof DOMException && error.name === 'AbortError') return REQUEST_ABORTED;
  return NETWORK_ERROR;
}

type FetchOutcome = { data?: unknown; error?: unknown; response: Response };

/** The `data` of a success envelope `{success, data}` in a generated response type. */
type EnvelopeData<D> = D extends { data?: infer X } ? X : D extends { data: infer X } ? X : never;

/**
 * Runs an openapi-fetch call and reads its envelope:
 * `const result = await call(api.GET('/api/auth/get-login-status', { params: { query: { section } } }))`.
 */
export async function call<O extends FetchOutcome>(
  pending: Promise<O>,
  options: { fallback?: string; timeoutMs?: number } = {},
): Promise<ApiResult<EnvelopeData<NonNullable<O['data']>>>> {
  let outcome: O;
  try {
    outcome = await pending;
  } catch (error) {
    return transportFailure(transportMessage(error, options.timeoutMs));
  }
  const body = outcome.response.ok ? outcome.data : outcome.error;
  return readEnvelope(outcome.response.status, body, options.fallback);
}

/** Request timeout: none by default; pass to a call as `signal: withTimeout(ms)`. */
export function withTimeout(ms: number): AbortSignal | undefined {
  return ms > 0 ? AbortSignal.timeout(ms) : undefined;
}
