// The overlord's screens in a test: signed in as the overlord, with the kit's providers, against a
// server whose answers the test gives by method and path; every call made is kept to be read back.
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import type { ComponentType } from 'react';
import { buildRouteTable } from '@olympiad/shared/access/route-table';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { USER_KEY } from '@olympiad/shared/session/stored-user';
import { ConfirmProvider } from '@olympiad/shared/ui/confirm/confirm-dialog';

export { ok, serve, type Call, type Server } from '@olympiad/shared/testing/fake-server';

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
