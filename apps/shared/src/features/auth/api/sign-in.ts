// POST /api/auth/signin.
import { api, call } from '../../../api/client';

export type LoginType = 'learner' | 'teacher' | 'admin' | 'overlord';

export type Credentials = {
  username: string;
  password: string;
  olympiadName: string;
  loginType: LoginType;
  /** Six digits from the authenticator app, once two-factor is set up. */
  totpCode?: string;
};

/** The teacher password is percent-escaped before it is sent; the server decodes it. */
export function passwordAsSent(loginType: LoginType, password: string): string {
  return loginType === 'teacher' ? encodeURIComponent(password) : password;
}

export function signIn(credentials: Credentials) {
  const body: Credentials = { ...credentials, password: passwordAsSent(credentials.loginType, credentials.password) };
  if (body.totpCode === undefined || body.totpCode === '') delete body.totpCode;
  return call(api.POST('/api/auth/signin', { body }));
}
