// Forgotten passwords and setting a password.
import { api, call } from '../../../api/client';
import { readStoredUser, writeStoredUser } from '../../../session/stored-user';

/** Always answers `{sent: true}`, so that it does not reveal which accounts exist. */
export function requestPasswordReset(username: string, olympiadName: string) {
  return call(
    api.POST('/api/auth/forgot-password/{username}', {
      params: { path: { username }, query: { olympiadName } },
    }),
  );
}

/** What allows the change: the token of an e-mailed link, or the signed-in user's current password. */
export type PasswordProof = { token: string } | { currentPassword: string };

/**
 * With a `token` (from the e-mailed link) no bearer is needed. With `currentPassword` the signed-in user
 * changes their own; the server then ends their other sessions and answers a fresh access token, which
 * replaces the stored one so that this session goes on.
 */
export async function setPassword(password: string, proof: PasswordProof) {
  const result = await call(api.PUT('/api/auth/set-password', { body: { password, ...proof } }));
  const fresh = result.ok ? result.data.token : null;
  const stored = readStoredUser();
  if ('currentPassword' in proof && fresh && stored) writeStoredUser({ ...stored, accessToken: fresh });
  return result;
}
