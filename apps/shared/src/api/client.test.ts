// The session's rules on the wire, through the real client and a stubbed fetch.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, backgroundApi, call } from './client';
import { loadingVisible } from '../feedback/loading';
import { apiRequest } from './raw-request';
import { uploadFiles } from './upload';
import { readStoredUserText, USER_KEY } from '../session/stored-user';
import { signIn } from '../features/auth/api/sign-in';
import { setPassword } from '../features/auth/api/password';
import { getCurrentUser } from '../features/auth/api/get-current-user';
import { getInvoices } from '../features/invoices/api/get-invoices';
import { saveCertificateConfig } from '../features/certificates/api/certificate-config';
import { notifications } from '../feedback/notifications';
import { onSessionEvent, type SessionEvent } from '../session/session-events';

type Sent = { url: string; method: string; headers: Headers; body: string | FormData | null; contentType: string | null };

let sent: Sent[];
let answer: () => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  sent = [];
  answer = () => json(200, { success: true, data: null });
  notifications.set([]);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init: RequestInit = {}) => {
      if (input instanceof Request) {
        sent.push({
          url: input.url,
          method: input.method,
          headers: input.headers,
          body: input.body ? await input.clone().text() : null,
          contentType: input.headers.get('Content-Type'),
        });
      } else {
        // The untyped path: read the init as given (jsdom's FormData cannot become a Node Request body).
        const headers = new Headers(init.headers);
        const body = init.body instanceof FormData ? init.body : init.body === undefined || init.body === null ? null : String(init.body);
        sent.push({ url: input, method: init.method ?? 'GET', headers, body, contentType: headers.get('Content-Type') });
      }
      return answer();
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function bodyText(index: number): string {
  const body = sent[index]!.body;
  if (typeof body !== 'string') throw new Error(`request ${index} has no text body`);
  return body;
}

function signInAs(token = 'jwt-token') {
  window.localStorage.setItem(USER_KEY, JSON.stringify({ id: 7, role: 'admin', olympiadName: 'geography', accessToken: token }));
}

describe('headers', () => {
  it('sends a bearer Authorization header and a JSON content type when there is a token', async () => {
    signInAs('abc');
    await call(api.GET('/api/auth/get-login-status', { params: { query: { section: 'admin' } } }));
    expect(sent[0]!.headers.get('Authorization')).toBe('Bearer abc');
    expect(sent[0]!.headers.get('Content-Type')).toBe('application/json');
  });

  it('sends no headers without a token', async () => {
    await call(api.GET('/api/auth/get-login-status', { params: { query: { section: 'admin' } } }));
    expect(sent[0]!.headers.get('Authorization')).toBeNull();
    expect(sent[0]!.headers.get('Content-Type')).toBeNull();
    expect([...sent[0]!.headers.keys()]).toEqual([]);
  });

  it('sends the text "undefined" stored under user as no token', async () => {
    window.localStorage.setItem(USER_KEY, 'undefined');
    await call(api.POST('/api/auth/signout'));
    expect(sent[0]!.headers.get('Authorization')).toBeNull();
  });

  it('uses a form-encoded type for form posts', async () => {
    signInAs();
    await apiRequest('POST', '/api/website/eoi', { form: { email: 'a@b.co', name: 'Thandi' } });
    expect(sent[0]!.contentType).toBe('application/x-www-form-urlencoded');
    expect(sent[0]!.body).toBe('email=a%40b.co&name=Thandi');
    expect(sent[0]!.headers.get('Authorization')).toBe('Bearer jwt-token');
  });

  it('echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN, with or without a token', async () => {
    document.cookie = 'XSRF-TOKEN=f00d%2Bcafe; path=/';
    await call(api.POST('/api/auth/signout'));
    signInAs();
    await apiRequest('DELETE', '/api/bounce/', { query: { id: 3 } });
    expect(sent.map((request) => request.headers.get('X-XSRF-TOKEN'))).toEqual(['f00d+cafe', 'f00d+cafe']);
    expect(sent[1]!.url).toBe(`${window.location.origin}/api/bounce/?id=3`);
  });

  it('keeps an explicit Authorization header (the two-factor set-up token)', async () => {
    signInAs('session');
    await call(api.POST('/api/auth/2fa/setup', { headers: { Authorization: 'Bearer setup' } }));
    expect(sent[0]!.headers.get('Authorization')).toBe('Bearer setup');
  });
});

describe('background calls', () => {
  it('carry the session but leave the loading indicator alone', async () => {
    signInAs('abc');
    loadingVisible.set(false);
    let visibleWhileSent = true;
    answer = () => {
      visibleWhileSent = loadingVisible.get();
      return json(200, { success: true, data: null });
    };
    await call(backgroundApi.POST('/api/sitting/finish'));
    expect(sent[0]!.headers.get('Authorization')).toBe('Bearer abc');
    expect(visibleWhileSent).toBe(false);
    await call(api.POST('/api/sitting/finish'));
    expect(visibleWhileSent).toBe(true);
  });

  it('end the session on 401 like any other call', async () => {
    signInAs('forged');
    answer = () => json(401, { success: false, error: 'unauthorized', errorMsg: 'Sign in again.' });
    await call(backgroundApi.POST('/api/sitting/finish'));
    expect(readStoredUserText()).toBeNull();
  });
});

describe('401 ends the session', () => {
  it('clears the stored user and says so', async () => {
    signInAs('forged');
    const events: SessionEvent[] = [];
    const stop = onSessionEvent((event) => events.push(event));
    answer = () => json(401, { success: false, error: 'unauthorized', errorMsg: 'Sign in again.' });
    const result = await call(api.GET('/api/auth/current-user', { params: { query: { section: 'admin' } } }));
    stop();
    expect(result).toMatchObject({ ok: false, status: 401, message: 'Sign in again.' });
    expect(readStoredUserText()).toBeNull();
    expect(events).toEqual([{ type: 'loggedOut' }]);
  });

  it('does the same on the untyped path', async () => {
    signInAs('forged');
    answer = () => json(401, { success: false, error: 'unauthorized', errorMsg: 'Sign in again.' });
    await apiRequest('GET', '/api/purchase-order/');
    expect(readStoredUserText()).toBeNull();
  });

  it('leaves the session alone on 403 and shows the errorMsg', async () => {
    signInAs();
    answer = () => json(403, { success: false, error: 'forbidden', errorMsg: 'Only admins may do this.' });
    const result = await call(api.GET('/api/auth/current-user'));
    expect(result).toMatchObject({ ok: false, message: 'Only admins may do this.' });
    expect(readStoredUserText()).not.toBeNull();
  });
});

describe('transport', () => {
  it('shows the response text when a post fails without JSON', async () => {
    answer = () => new Response('Bad gateway: the API is restarting', { status: 502 });
    expect(await call(api.POST('/api/auth/signout'))).toMatchObject({ ok: false, status: 502, message: 'Bad gateway: the API is restarting' });
    expect(await apiRequest('POST', '/api/unsubscribe/', { json: { email: 'x@y.z' } })).toMatchObject({
      message: 'Bad gateway: the API is restarting',
    });
  });

  it('gives the transport layer’s message when no answer arrives', async () => {
    answer = () => Promise.reject(new TypeError('fetch failed'));
    expect(await call(api.POST('/api/auth/signout'))).toMatchObject({ ok: false, status: 0, message: 'Network Error' });
    expect(await apiRequest('GET', '/api/faq/')).toMatchObject({ ok: false, status: 0, message: 'Network Error' });
  });

  it('counts a 200 without the success flag as a failure', async () => {
    answer = () => json(200, { data: { loggedIn: true } });
    expect(await call(api.GET('/api/auth/get-login-status'))).toMatchObject({ ok: false, message: 'An error occurred' });
  });
});

describe('uploads', () => {
  it('posts the form as multipart with the bearer header, leaving the content type (and boundary) to the browser', async () => {
    signInAs();
    const files = new FormData();
    files.append('file', new Blob(['a,b\n1,2']), 'learners.csv');
    await uploadFiles({ path: '/api/upload/' }, files);
    expect(sent[0]!.body).toBe(files);
    expect(sent[0]!.contentType).toBeNull();
    expect(sent[0]!.headers.get('Authorization')).toBe('Bearer jwt-token');
  });

  it('says "An error occurred 4" on the alternative (provider-prefixed) path when the failure names nothing', async () => {
    answer = () => json(500, { success: false });
    expect(await uploadFiles({ provider: 'cloud', path: '/upload/learners' }, new FormData())).toMatchObject({ message: 'An error occurred 4' });
    expect(sent[0]!.url).toBe(`${window.location.origin}/cloud/upload/learners`);
    expect(await uploadFiles({ path: '/api/upload/' }, new FormData())).toMatchObject({ message: 'An error occurred' });
  });

  it('passes a 403 on as an error with the server’s message', async () => {
    signInAs();
    answer = () => json(403, { success: false, error: 'forbidden', errorMsg: 'This school may not upload learners now.' });
    expect(await uploadFiles({ path: '/api/upload/' }, new FormData())).toMatchObject({
      ok: false,
      status: 403,
      message: 'This school may not upload learners now.',
    });
    expect(readStoredUserText()).not.toBeNull();
  });
});

describe('sign-in', () => {
  it('percent-escapes the teacher password, and only the teacher’s', async () => {
    await signIn({ username: 't@example.org', password: 'p@ss word&100%', olympiadName: 'geography', loginType: 'teacher' });
    await signIn({ username: 'a@example.org', password: 'p@ss word&100%', olympiadName: 'geography', loginType: 'admin' });
    expect(JSON.parse(bodyText(0))).toEqual({
      username: 't@example.org',
      password: 'p%40ss%20word%26100%25',
      olympiadName: 'geography',
      loginType: 'teacher',
    });
    expect(JSON.parse(bodyText(1)).password).toBe('p@ss word&100%');
    expect(sent[0]!.url).toBe(`${window.location.origin}/api/auth/signin`);
    expect(sent[0]!.contentType).toBe('application/json');
  });

  it('sends the two-factor code only when there is one', async () => {
    await signIn({ username: 'a@example.org', password: 'x', olympiadName: 'geography', loginType: 'admin', totpCode: '' });
    await signIn({ username: 'a@example.org', password: 'x', olympiadName: 'geography', loginType: 'admin', totpCode: '123456' });
    expect(JSON.parse(bodyText(0))).not.toHaveProperty('totpCode');
    expect(JSON.parse(bodyText(1)).totpCode).toBe('123456');
  });
});

describe('setting a password', () => {
  it('keeps the session going with the fresh token when the signed-in user changes their own', async () => {
    signInAs('old-token');
    answer = () => json(200, { success: true, data: { token: 'fresh-token' } });
    await setPassword('a much better passphrase', { currentPassword: 'the old one' });
    expect(JSON.parse(bodyText(0))).toEqual({ password: 'a much better passphrase', currentPassword: 'the old one' });
    expect(sent[0]!.headers.get('Authorization')).toBe('Bearer old-token');
    expect(JSON.parse(readStoredUserText()!)).toMatchObject({ id: 7, accessToken: 'fresh-token' });
  });

  it('sends the e-mailed token and stores nothing when setting it from a reset link', async () => {
    answer = () => json(200, { success: true, data: { token: null } });
    await setPassword('a much better passphrase', { token: 'reset-token' });
    expect(JSON.parse(bodyText(0))).toEqual({ password: 'a much better passphrase', token: 'reset-token' });
    expect(readStoredUserText()).toBeNull();
  });
});

describe('section 8 alerts', () => {
  const messages = () => notifications.get().map((notification) => notification.message);

  it('alerts "Something went wrong...getUserData" when the current user cannot be fetched at all', async () => {
    answer = () => Promise.reject(new TypeError('fetch failed'));
    await expect(getCurrentUser('admin', 1)).rejects.toThrow('Network Error');
    expect(messages()).toEqual(['Something went wrong...getUserData']);
  });

  it('alerts "Could not get invoices" when invoices fail', async () => {
    answer = () => json(500, { success: false, error: 'internal', errorMsg: 'Something broke.' });
    await expect(getInvoices(1)).rejects.toThrow('Something broke.');
    expect(messages()).toEqual(['Could not get invoices']);
    expect(sent[0]!.url).toBe(`${window.location.origin}/api/purchase-order/?olympiadId=1&fetchDeleted=false`);
  });

  it('says whether the certificate configuration was saved', async () => {
    answer = () => json(200, { success: true, data: null });
    await saveCertificateConfig(4, { signature: 'Dr N. Dlamini' });
    answer = () => json(400, { success: false, error: 'validation', errorMsg: 'bad' });
    await saveCertificateConfig(4, { signature: '' });
    expect(messages()).toEqual(['Certificate configuration saved', 'Certificate configuration failed to save']);
    expect(JSON.parse(bodyText(0))).toEqual({ signature: 'Dr N. Dlamini' });
  });
});
