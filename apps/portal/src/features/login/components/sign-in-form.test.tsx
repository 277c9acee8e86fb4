// Sign-in as a person meets it: the server names the faulty field; two-factor codes; other failures
// raise the alert; a success stores the user and goes home 100 ms later.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LoginScreen } from './login-screen';
import { buildRouteTable } from '@olympiad/shared/access/route-table';
import { setCurrentApp } from '@olympiad/shared/router/navigation';
import { notifications } from '@olympiad/shared/feedback/notifications';
import { onSessionEvent, type SessionEvent } from '@olympiad/shared/session/session-events';
import { USER_KEY } from '@olympiad/shared/session/stored-user';
import { limits } from '@olympiad/shared/lib/field-limits';

const loginRoute = buildRouteTable('portal').find((route) => route.key === 'login')!;
type Reply = { status: number; body: unknown };
let replies: Reply[];
let requests: { url: string; body: unknown; authorization: string | null }[];

const projects = {
  success: true,
  data: [
    {
      id: 1,
      slug: 'geography',
      name: 'Geography Olympiad',
      description: 'Maps and more',
      kind: 'olympiad',
      olympiads: [{ id: 1, name: 'geography', title: 'Geography Olympiad 2026', year: 2026, isOpen: true }],
    },
  ],
};

beforeEach(() => {
  replies = [];
  requests = [];
  notifications.set([]);
  setCurrentApp('portal');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('-suite/projects')) return Response.json(projects);
      requests.push({ url: url.pathname, body: await request.clone().json().catch(() => null), authorization: request.headers.get('Authorization') });
      const reply = replies.shift() ?? { status: 500, body: { success: false } };
      return Response.json(reply.body, { status: reply.status });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderLogin(path = '/geography/login') {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<LoginScreen route={loginRoute} />} />
          <Route path="/:olympiadName/login" element={<LoginScreen route={loginRoute} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, username: string, password: string) {
  await user.type(screen.getByLabelText(/Username or e-mail address|E-mail address/), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

const signedIn = (role: string) => ({
  status: 200,
  body: {
    success: true,
    data: {
      token: 'jwt',
      user: { id: 9, username: 'learner1', email: null, firstName: 'Lindiwe', lastName: 'M', role, accountId: 4, olympiadId: 1, olympiadName: 'geography' },
    },
  },
});

/** A staff member signs in and the server asks for their authenticator's code. */
async function askedForCode() {
  const user = userEvent.setup();
  renderLogin();
  await user.click(screen.getByRole('radio', { name: 'Olympiad staff' }));
  replies.push({ status: 401, body: { success: false, error: '2fa_required', errorMsg: 'Enter the code from your authenticator app.' } });
  await fillIn(user, 'admin@example.org', 'demo');
  return { user, code: await screen.findByLabelText('Code from your authenticator app') };
}

describe('sign-in', () => {
  it('is olympiad-styled when an olympiad is in the address', async () => {
    renderLogin();
    expect(await screen.findByText('Geography Olympiad 2026')).toBeInTheDocument();
    expect(screen.getByText('Geography Olympiad')).toBeInTheDocument();
    expect(screen.queryByLabelText('Olympiad')).not.toBeInTheDocument();
  });

  it('shows the server’s message on the field it names', async () => {
    const user = userEvent.setup();
    const events: SessionEvent[] = [];
    const stop = onSessionEvent((event) => events.push(event));
    renderLogin();
    replies.push({ status: 401, body: { success: false, error: 'password', errorMsg: 'The password is not correct.' } });
    await fillIn(user, 'learner1', 'wrong');
    expect(await screen.findByText('The password is not correct.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Username or e-mail address')).not.toHaveAttribute('aria-invalid');
    expect(events).toContainEqual({ type: 'loginUnsuccessful', field: 'password', message: 'The password is not correct.' });
    expect(requests[0]!.body).toEqual({ username: 'learner1', password: 'wrong', olympiadName: 'geography', loginType: 'learner' });
    stop();
  });

  it('raises the failure alert for any other failure', async () => {
    const user = userEvent.setup();
    renderLogin();
    replies.push({ status: 429, body: { success: false, error: 'rate_limited', errorMsg: 'Too many attempts. Wait a minute and try again.' } });
    await fillIn(user, 'learner1', 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Wait a minute and try again.');
    expect(notifications.get()).toMatchObject([{ tone: 'error', message: 'Too many attempts. Wait a minute and try again.' }]);
  });

  it('asks for the two-factor code when the server wants one, and sends it', async () => {
    const { user, code } = await askedForCode();
    replies.push({ status: 401, body: { success: false, error: '2fa_invalid', errorMsg: 'The code is not correct.' } });
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The code is not correct.')).toBeInTheDocument();
    expect(requests[1]!.body).toMatchObject({ loginType: 'admin', totpCode: '123456' });
  });

  it('takes the code as the app shows it, with a space, up to the length the server allows', async () => {
    const { user, code } = await askedForCode();
    expect(code).toHaveAttribute('maxLength', String(limits.SignInRequest.totpCode.maxLength));
    replies.push({ status: 401, body: { success: false, error: '2fa_invalid', errorMsg: 'The code is not correct.' } });
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The code is not correct.')).toBeInTheDocument();
    expect(requests[1]!.body).toMatchObject({ totpCode: '123 456' });
  });

  it('sets up two-factor with the set-up token: QR code and secret, then a code that signs in', async () => {
    const user = userEvent.setup();
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace, assign: vi.fn() });
    renderLogin('/login');
    await user.click(screen.getByRole('radio', { name: 'Overlord' }));
    replies.push({ status: 401, body: { success: false, error: '2fa_notSetYet', errorMsg: 'Set it up.', setupToken: 'setup-jwt' } });
    replies.push({ status: 200, body: { success: true, data: { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Olympiads:o?secret=JBSWY3DPEHPK3PXP' } } });
    replies.push(signedIn('overlord'));
    await fillIn(user, 'overlord@example.org', 'demo');
    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /QR code/ })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    await user.type(screen.getByLabelText('Code shown by the app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on and sign in' }));
    // The overlord's home is served by the admin app: a page load.
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/overlord/overview'));
    expect(requests.map((r) => [r.url, r.authorization])).toEqual([
      ['/api/auth/signin', null],
      ['/api/auth/2fa/setup', 'Bearer setup-jwt'],
      ['/api/auth/2fa/confirm', 'Bearer setup-jwt'],
    ]);
    expect(requests[2]!.body).toEqual({ code: '654321' });
  });

  it('stores the user, then goes to the role’s home after the success event', async () => {
    const user = userEvent.setup();
    renderLogin();
    replies.push(signedIn('learner'));
    await fillIn(user, 'learner1', 'demo');
    expect(await screen.findByText(/Signed in/)).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(USER_KEY)!)).toMatchObject({ role: 'learner', accessToken: 'jwt' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/geography/olympiad/instructions'));
  });

  it('asks the plain page for the olympiad of learners and staff, and percent-escapes a teacher’s password', async () => {
    const user = userEvent.setup();
    renderLogin('/login');
    await user.click(screen.getByRole('radio', { name: 'Learner' }));
    await fillIn(user, 'learner1', 'demo');
    expect(await screen.findByText('Choose your olympiad', { selector: '.lean-field__error' })).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'Teacher' }));
    replies.push(signedIn('teacher'));
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'a&b c');
    await user.clear(screen.getByLabelText('E-mail address'));
    await user.type(screen.getByLabelText('E-mail address'), 'teacher@example.org');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/portal'));
    expect(requests[0]!.body).toEqual({ username: 'teacher@example.org', password: 'a%26b%20c', olympiadName: '', loginType: 'teacher' });
  });

  it('sends a reset link from "Forgot your password?"', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Username or e-mail address'), 'learner1');
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    replies.push({ status: 200, body: { success: true, data: { sent: true } } });
    expect(screen.getByLabelText('E-mail address or username')).toHaveValue('learner1');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(/we have e-mailed a link/)).toBeInTheDocument();
    expect(requests[0]!.url).toBe('/api/auth/forgot-password/learner1');
  });
});
