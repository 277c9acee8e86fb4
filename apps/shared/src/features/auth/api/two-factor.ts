// Two-factor set-up after a sign-in answered `2fa_notSetYet` with a setup token: fetch the secret and its
// otpauth URI, then confirm a first code (answers like a successful sign-in).
import { api, call } from '../../../api/client';

const bearer = (setupToken: string) => ({ Authorization: `Bearer ${setupToken}` });

export function startTwoFactorSetup(setupToken: string) {
  return call(api.POST('/api/auth/2fa/setup', { headers: bearer(setupToken) }));
}

export function confirmTwoFactor(setupToken: string, code: string) {
  return call(api.POST('/api/auth/2fa/confirm', { headers: bearer(setupToken), body: { code } }));
}
