// A server for the screens' tests: answers given by method and path (or worked out from the call), every
// call kept to be read back. `fetch` is stubbed for the test; `vi.unstubAllGlobals()` ends it.
import { vi } from 'vitest';

export type Call = { method: string; path: string; query: URLSearchParams; body: unknown };
type Reply = { status?: number; body: unknown };
/** `GET /api/user` → the answer (or a function of the call). */
export type Server = Record<string, Reply | ((call: Call) => Reply)>;

export function serve(server: Server): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    // The API client passes a Request; a file download passes its address and options.
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request = typeof input === 'string' ? new Request(new URL(input, 'http://localhost'), init) : input;
      const url = new URL(request.url);
      const text = await request.text();
      const call: Call = { method: request.method, path: url.pathname, query: url.searchParams, body: text ? JSON.parse(text) : null };
      calls.push(call);
      const answer = server[`${call.method} ${call.path}`];
      const reply = typeof answer === 'function' ? answer(call) : answer;
      if (!reply) return Response.json({ success: false, error: 'not_found', errorMsg: `No answer for ${call.method} ${call.path}` }, { status: 404 });
      return Response.json(reply.body, { status: reply.status ?? 200 });
    }),
  );
  return calls;
}

export const ok = (data: unknown): Reply => ({ body: { success: true, data } });
