// The overlord's Users screen as they see it: taking on a new staff member (the fields checked before
// anything is sent, the server's messages on their fields), changing a user's address, disabling and
// resetting two-factor only after a confirmation that says what happens.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@olympiad/shared/feedback/notifications';
import { ok, renderOverlordScreen, serve, type Server } from '../../overlord/screen-harness';
import { UsersScreen } from './users-screen';

const thandi = { id: 7, username: 'thandi@example.org', email: 'thandi@example.org', firstName: 'Thandi', lastName: 'Mokoena', disabled: false, twoFactorOn: true, lastLoginAt: null, createdAt: '2026-01-05T08:00:00Z' };
const account = { id: 70, userId: 7, role: 'admin', olympiadId: 3, olympiadName: 'geography', olympiadTitle: 'Geography Olympiad 2026', disabled: false };
const olympiad = { id: 3, title: 'Geography Olympiad 2026', name: 'geography', year: 2026, projectId: 1, projectName: 'Geography', kind: 'schools', isOpen: true, isPinned: false, durationMinutes: 60 };

function server(extra: Server = {}): Server {
  return {
    'GET /api/user': { body: { success: true, data: [thandi], accounts: [account] } },
    'GET /api/olympiad/all': ok([olympiad]),
    ...extra,
  };
}

const said = () => notifications.get().map((n) => n.message);

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.set([]);
});

describe('the Users screen', () => {
  it('takes on a new staff member with a role and an olympiad, and puts the server’s refusal on its field', async () => {
    const user = userEvent.setup();
    let answer: { status: number; body: unknown } = { status: 400, body: { success: false, error: 'validation', errorMsg: 'password: is too common', fields: { password: 'is too common' } } };
    const calls = serve(server({ 'POST /api/user': () => answer }));
    renderOverlordScreen(UsersScreen, 'users');
    await screen.findByText('Thandi Mokoena');
    await user.click(screen.getByRole('button', { name: 'New staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'New staff member' });

    // Nothing is sent until the form holds a whole staff member.
    await user.click(within(dialog).getByRole('button', { name: 'Take them on' }));
    expect(await within(dialog).findByText('must be at least 8 characters long')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(within(dialog).getByLabelText(/First name/), 'Sipho');
    await user.type(within(dialog).getByLabelText(/Last name/), 'Dlamini');
    await user.type(within(dialog).getByLabelText(/E-mail address/), 'sipho@example.org');
    await user.type(within(dialog).getByLabelText(/First password/), 'password1');
    await user.click(within(dialog).getByRole('textbox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'accountant' }));
    await user.click(within(dialog).getByRole('textbox', { name: /Olympiad/ }));
    await user.click(await screen.findByRole('option', { name: /Geography Olympiad 2026/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Take them on' }));
    expect(await within(dialog).findByText('is too common')).toBeInTheDocument();
    const sent = calls.filter((c) => c.method === 'POST').map((c) => c.body);
    expect(sent).toEqual([{ firstName: 'Sipho', lastName: 'Dlamini', email: 'sipho@example.org', password: 'password1', role: 'accountant', olympiadId: 3 }]);

    answer = { status: 200, body: { success: true, data: { ...thandi, id: 8, email: 'sipho@example.org', firstName: 'Sipho', lastName: 'Dlamini', twoFactorOn: false } } };
    await user.clear(within(dialog).getByLabelText(/First password/));
    await user.type(within(dialog).getByLabelText(/First password/), 'a long passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'Take them on' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New staff member' })).not.toBeInTheDocument());
    expect(said()).toEqual(['Sipho Dlamini can sign in as sipho@example.org. Give them their password in person; they set up two-factor at their first sign-in.']);
  });

  it('asks for no olympiad for an overlord', async () => {
    const user = userEvent.setup();
    serve(server());
    renderOverlordScreen(UsersScreen, 'users');
    await user.click(await screen.findByRole('button', { name: 'New staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'New staff member' });
    expect(within(dialog).getByRole('textbox', { name: /Olympiad/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('textbox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'overlord' }));
    expect(within(dialog).queryByRole('textbox', { name: /Olympiad/ })).not.toBeInTheDocument();
  });

  it('changes a user’s address', async () => {
    const user = userEvent.setup();
    const calls = serve(server({ 'PUT /api/user/7': ok({ ...thandi, email: 'thandi@school.example' }) }));
    renderOverlordScreen(UsersScreen, 'users');
    await screen.findByText('Thandi Mokoena');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Thandi Mokoena' });
    const email = within(dialog).getByLabelText(/E-mail address/);
    expect(email).toHaveValue('thandi@example.org');
    await user.clear(email);
    await user.type(email, 'thandi@school.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ firstName: 'Thandi', lastName: 'Mokoena', email: 'thandi@school.example' }));
    await waitFor(() => expect(said()).toEqual(['The user is saved.']));
  });

  it('disables a user only once the overlord confirms, saying they are signed out everywhere', async () => {
    const user = userEvent.setup();
    const calls = serve(server({ 'POST /api/user/7/disable': ok({ ...thandi, disabled: true }) }));
    renderOverlordScreen(UsersScreen, 'users');
    await screen.findByText('Thandi Mokoena');
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    const ask = await screen.findByRole('dialog', { name: 'Disable this user?' });
    expect(ask).toHaveTextContent('Thandi Mokoena is signed out everywhere at once and can no longer sign in');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Disable' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Disable this user?' })).getByRole('button', { name: 'Disable them' }));
    await waitFor(() => expect(said()).toEqual(['The user is disabled and signed out everywhere.']));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/user/7/disable']);
  });

  it('resets two-factor after saying they set it up again at their next sign-in', async () => {
    const user = userEvent.setup();
    const calls = serve(server({ 'POST /api/user/7/reset-two-factor': ok({ ...thandi, twoFactorOn: false }) }));
    renderOverlordScreen(UsersScreen, 'users');
    await screen.findByText('Thandi Mokoena');
    await user.click(screen.getByRole('button', { name: 'Reset two-factor' }));
    const ask = await screen.findByRole('dialog', { name: 'Reset their two-factor?' });
    expect(ask).toHaveTextContent('At their next sign-in they set up two-factor again');
    await user.click(within(ask).getByRole('button', { name: 'Reset two-factor' }));
    await waitFor(() => expect(said()).toEqual(['Two-factor is reset: they set it up again at their next sign-in.']));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/user/7/reset-two-factor']);
  });
});
