// Forgotten passwords and setting a password (spec section 7).
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

/**
 * With `token` (from the e-mailed link) no bearer is needed. Without it the signed-in user changes their
 * own; the server then ends their other sessions and answers a fresh access token, which replaces the
 * stored one so that this session goes on.
 */
export async function setPassword(password: string, token?: string) {
  const result = await call(api.PUT('/api/auth/set-password', { body: token === undefined ? { password } : { password, token } }));
  const fresh = result.ok ? result.data.token : null;
  const stored = readStoredUser();
  if (token === undefined && fresh && stored) writeStoredUser({ ...stored, accessToken: fresh });
  return result;
}
