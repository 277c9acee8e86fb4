// Setting a password from the e-mailed link, and changing one's own once signed in, against the
// server's answers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import { buildRouteTable } from '@olympiad/shared/access/route-table';
import { notifications } from '@olympiad/shared/feedback/notifications';
import { ResetPasswordScreen } from './reset-password-screen';
import { UpdatePasswordScreen } from './update-password-form';

const route = buildRouteTable('portal').find((r) => r.key === 'resetPassword')!;
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

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/reset-password/tok-123']}>
      <Routes>
        <Route path="/reset-password/:token" element={<ResetPasswordScreen route={route} />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the set-password page from the e-mailed link', () => {
  it('checks the two entries agree before asking the server', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText('New password'), 'correct horse');
    await user.type(screen.getByLabelText('New password again'), 'correct hose');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('The two passwords differ')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('sends the password with the link’s token and shows the server’s field message', async () => {
    const user = userEvent.setup();
    renderPage();
    replies.push({ status: 400, body: { success: false, error: 'validation', errorMsg: 'password: is too common', fields: { password: 'is too common' } } });
    await user.type(screen.getByLabelText('New password'), 'password1');
    await user.type(screen.getByLabelText('New password again'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('is too common')).toBeInTheDocument();
    expect(bodies).toEqual([{ password: 'password1', token: 'tok-123' }]);
  });

  it('says so when the link has expired', async () => {
    const user = userEvent.setup();
    renderPage();
    replies.push({ status: 400, body: { success: false, error: 'token_invalid', errorMsg: 'This link has expired or was already used. Ask for a new one.' } });
    await user.type(screen.getByLabelText('New password'), 'a long passphrase');
    await user.type(screen.getByLabelText('New password again'), 'a long passphrase');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was already used.');
  });

  it('offers the sign-in once the password is set', async () => {
    const user = userEvent.setup();
    renderPage();
    replies.push({ status: 200, body: { success: true, data: { token: null } } });
    await user.type(screen.getByLabelText('New password'), 'a long passphrase');
    await user.type(screen.getByLabelText('New password again'), 'a long passphrase');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/login');
  });
});

describe('changing one’s own password', () => {
  it('puts the server’s refusal on its field, then empties the form and says so once changed', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider env="test">
          <UpdatePasswordScreen route={buildRouteTable('portal').find((r) => r.key === 'updatePassword')!} />
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
