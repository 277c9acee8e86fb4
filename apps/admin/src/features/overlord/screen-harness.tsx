// The overlord's screens in a test: signed in as the overlord, with the kit's providers, against a
// server whose answers the test gives by method and path; every call made is kept to be read back.
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import type { ComponentType } from 'react';
import { buildRouteTable } from '@olympiad/shared/access/route-table';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { USER_KEY } from '@olympiad/shared/session/stored-user';
import { ConfirmProvider } from '@olympiad/shared/ui/confirm/confirm-dialog';

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

export function renderOverlordScreen(Screen: ComponentType<ScreenComponentProps>, key: string) {
  window.localStorage.setItem(USER_KEY, JSON.stringify({ id: 1, role: 'overlord', accessToken: 't' }));
  const route = buildRouteTable('admin').find((r) => r.key === key)!;
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider env="test">
        <ConfirmProvider>
          <Screen route={route} />
        </ConfirmProvider>
      </MantineProvider>
    </QueryClientProvider>,
  );
}
