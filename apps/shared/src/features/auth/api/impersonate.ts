// GET /api/user/impersonate (overlord): answers like a successful sign-in, as the chosen user.
import { api, call } from '../../../api/client';
import { homeOf } from '../../../access/access-matrix';
import { alertError } from '../../../feedback/notifications';
import { writeStoredUserForNextPage } from '../../../session/stored-user';

export function impersonate(olympiadId: number, userEmail: string) {
  return call(api.GET('/api/user/impersonate', { params: { query: { olympiadId, userEmail } } }));
}

/** Signs in as the user (their session replaces the overlord's) and opens their home; a refusal is alerted. */
export async function signInAs(olympiadId: number, userEmail: string): Promise<void> {
  const result = await impersonate(olympiadId, userEmail);
  if (!result.ok) return void alertError(result.message);
  const stored = { ...result.data.user, accessToken: result.data.token };
  writeStoredUserForNextPage(stored);
  window.location.assign(homeOf(stored));
}
