import { api, call } from '../../../api/client';
import { clearStoredUser } from '../../../session/stored-user';
import { emitSessionEvent } from '../../../session/session-events';

/** Tells the server, then clears the stored user whatever it answered (logout clears the stored user). */
export async function signOut(): Promise<void> {
  await call(api.POST('/api/auth/signout'));
  clearStoredUser();
  emitSessionEvent({ type: 'loggedOut' });
}
