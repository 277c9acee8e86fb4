// The signed-in change of one's own password: the server's refusal on its field, then once changed the
// form empties and says so.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import { buildRouteTable } from '@olympiad/shared/access/route-table';
import { notifications } from '@olympiad/shared/feedback/notifications';
import { UpdatePasswordScreen } from './update-password-form';

const route = buildRouteTable('portal').find((r) => r.key === 'updatePassword')!;
let replies: { status: number; body: unknown }[];
let bodies: unknown[];

beforeEach(() => {
  replies = [];
  bodies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      bodies.push(await request.json());
      const reply = replies.shift()!;
      return Response.json(reply.body, { status: reply.status });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.set([]);
});

describe('changing one’s own password', () => {
  it('puts the server’s refusal on its field, then empties the form and says so once changed', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider env="test">
          <UpdatePasswordScreen route={route} />
        </MantineProvider>
      </QueryClientProvider>,
    );
    const current = screen.getByLabelText(/Current password/);
    await user.type(current, 'the old one');
    await user.type(screen.getByLabelText(/^New password$|^New password \*/), 'a long passphrase');
    await user.type(screen.getByLabelText(/New password again/), 'a long passphrase');
    replies.push({ status: 400, body: { success: false, error: 'validation', errorMsg: 'currentPassword: is wrong', fields: { currentPassword: 'is wrong' } } });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('is wrong')).toBeInTheDocument();
    expect(bodies).toEqual([{ password: 'a long passphrase', currentPassword: 'the old one' }]);

    replies.push({ status: 200, body: { success: true, data: { token: 'fresh' } } });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password is changed.')).toBeInTheDocument();
    expect(notifications.get().map((n) => n.message)).toEqual(['Your password is changed.']);
    expect(current).toHaveValue('');
  });
});
