// Sign-in events: the successful-login event fires 100 ms after the user is
// stored; a failure naming username or password raises the unsuccessful-login event; any other failure
// raises the failure event (and the sign-in form its alert).
import { writeStoredUser, type SessionUser, type StoredUser } from './stored-user';

export const LOGIN_SUCCESS_DELAY_MS = 100;

export type LoginField = 'username' | 'password';

export type SessionEvent =
  | { type: 'loginSuccess'; user: StoredUser }
  | { type: 'loginUnsuccessful'; field: LoginField; message: string }
  | { type: 'loginFailure'; message: string }
  | { type: 'loggedOut' };

type Listener = (event: SessionEvent) => void;
const listeners = new Set<Listener>();

export function onSessionEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitSessionEvent(event: SessionEvent): void {
  listeners.forEach((listener) => listener(event));
}

/** Stores `{...user, accessToken: token}` under `user`; the success event follows 100 ms later. */
export function storeSignedInUser(signedIn: { token: string; user: SessionUser }): StoredUser {
  const stored: StoredUser = { ...signedIn.user, accessToken: signedIn.token };
  writeStoredUser(stored);
  setTimeout(() => emitSessionEvent({ type: 'loginSuccess', user: stored }), LOGIN_SUCCESS_DELAY_MS);
  return stored;
}
