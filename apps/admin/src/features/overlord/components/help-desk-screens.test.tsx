// The overlord's everyday help-desk screens as they see them: the Accounts screen's picker finds anyone,
// Search gives a found teacher a reset link shown once with a copy button, the Activity Logs are filtered
// by who did it, and the App Log Viewer shows every entry unless asked for fewer.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@olympiad/shared/feedback/notifications';
import { ok, renderOverlordScreen, serve } from '../screen-harness';
import { AccountsScreen } from './accounts-screen';
import { ActivityLogScreen } from './activity-log-screen';
import { AppLogScreen } from './app-log-screen';
import { SearchScreen } from './search-screen';

const user = (id: number, firstName: string, email: string) => ({ id, username: email, email, firstName, lastName: 'Nkosi', disabled: false, twoFactorOn: false, lastLoginAt: null, createdAt: '2026-01-05T08:00:00Z' });

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.set([]);
});

describe('the Accounts screen', () => {
  it('offers every user in its picker, also one who holds no account yet', async () => {
    const person = userEvent.setup();
    const holder = user(1, 'Lindiwe', 'lindiwe@example.org');
    const newcomer = user(2, 'Bongani', 'bongani@example.org');
    const account = { id: 10, userId: 1, role: 'admin', olympiadId: 3, olympiadName: 'geography', olympiadTitle: 'Geography 2026', disabled: false };
    serve({ 'GET /api/user': { body: { success: true, data: [holder, newcomer], accounts: [account] } }, 'GET /api/olympiad/all': ok([]) });
    renderOverlordScreen(AccountsScreen, 'accounts');
    await screen.findByText('Lindiwe Nkosi');
    await person.click(screen.getByRole('button', { name: 'Give an account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give an account' });
    await person.click(within(dialog).getByRole('textbox', { name: /User/ }));
    expect(await screen.findByRole('option', { name: 'Bongani Nkosi (bongani@example.org)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Lindiwe Nkosi (lindiwe@example.org)' })).toBeInTheDocument();
  });
});

describe('Search', () => {
  const teacher = { id: 5, userId: 9, firstName: 'Ayanda', lastName: 'Zulu', email: 'ayanda@school.example', schoolName: 'Thuto High', username: 'ayanda@old.example' };
  const results = { schools: [], teachers: [teacher], learners: [], orders: [], emails: [], emailLog: [] };

  it('makes a found teacher a reset link after a confirmation and shows it once to copy', async () => {
    const person = userEvent.setup();
    const link = { name: 'Ayanda Zulu', username: 'ayanda@old.example', link: 'https://olympiad.example/reset-password/tok-9', expiresAt: '2026-11-29T08:00:00Z' };
    const calls = serve({ 'GET /api/search': ok(results), 'GET /api/scratchpad/local-teacher-password-reset': ok(link) });
    renderOverlordScreen(SearchScreen, 'search');
    await person.type(screen.getByRole('searchbox', { name: 'Search' }), 'ayanda');
    const row = (await screen.findByText('ayanda@school.example')).closest('tr')!;
    await person.click(within(row).getByRole('button', { name: 'Reset link' }));
    const ask = await screen.findByRole('dialog', { name: 'Make a password reset link?' });
    expect(ask).toHaveTextContent('It works once, for a day; give it to them by phone or chat only.');
    await person.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.path.startsWith('/api/scratchpad'))).toBe(false);

    await person.click(within(row).getByRole('button', { name: 'Reset link' }));
    await person.click(within(await screen.findByRole('dialog', { name: 'Make a password reset link?' })).getByRole('button', { name: 'Make the link' }));
    const shown = await screen.findByRole('dialog', { name: 'Password reset link' });
    expect(within(shown).getByLabelText('Reset link')).toHaveTextContent('https://olympiad.example/reset-password/tok-9');
    expect(within(shown).getByRole('button', { name: 'Copy the link' })).toBeInTheDocument();
    // The link is made for what the teacher signs in with, not the address they are written to.
    const asked = calls.filter((c) => c.path === '/api/scratchpad/local-teacher-password-reset');
    expect(asked.map((c) => c.query.get('email'))).toEqual(['ayanda@old.example']);
  });

  it('says why when the server makes no link', async () => {
    const person = userEvent.setup();
    serve({
      'GET /api/search': ok(results),
      'GET /api/scratchpad/local-teacher-password-reset': { status: 404, body: { success: false, error: 'not_found', errorMsg: 'A teacher with this e-mail address was not found.' } },
    });
    renderOverlordScreen(SearchScreen, 'search');
    await person.type(screen.getByRole('searchbox', { name: 'Search' }), 'ayanda');
    await person.click(await screen.findByRole('button', { name: 'Reset link' }));
    await person.click(within(await screen.findByRole('dialog', { name: 'Make a password reset link?' })).getByRole('button', { name: 'Make the link' }));
    await waitFor(() => expect(notifications.get().map((n) => n.message)).toEqual(['A teacher with this e-mail address was not found.']));
    expect(screen.queryByRole('dialog', { name: 'Password reset link' })).not.toBeInTheDocument();
  });
});

describe('the Activity Logs', () => {
  it('are filtered by the user chosen by name', async () => {
    const person = userEvent.setup();
    const entry = { id: 1, createdAt: '2026-11-27T08:00:00Z', email: 'lindiwe@example.org', userId: 1, action: 'school_updated', olympiadId: 3, address: '10.0.0.1', details: '{}' };
    const calls = serve({
      'GET /api/user/get-basic-list': ok([user(1, 'Lindiwe', 'lindiwe@example.org'), user(2, 'Bongani', 'bongani@example.org')]),
      'GET /api/activity-log': ok([entry]),
    });
    renderOverlordScreen(ActivityLogScreen, 'activityLogs');
    await person.click(await screen.findByRole('textbox', { name: 'Who did it' }));
    await person.click(await screen.findByRole('option', { name: 'Bongani Nkosi (bongani@example.org)' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/activity-log').at(-1)?.query.get('userId')).toBe('2'));
  });
});

describe('the App Log Viewer', () => {
  it('asks for every entry unless fewer are chosen', async () => {
    const person = userEvent.setup();
    const calls = serve({ 'GET /api/app-log/keys': ok(['jobs']), 'GET /api/app-log/all': ok([]) });
    renderOverlordScreen(AppLogScreen, 'appLogViewer');
    expect(screen.getByRole('textbox', { name: 'How many' })).toHaveValue('all');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/app-log/all').map((c) => c.query.get('limit'))).toEqual(['-1']));
    await person.click(screen.getByRole('textbox', { name: 'How many' }));
    await person.click(await screen.findByRole('option', { name: 'newest 200' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/app-log/all').map((c) => c.query.get('limit'))).toEqual(['-1', '200']));
  });
});
