// The device's proof that it holds the learner's attempt: handed out once (with the declaration, or
// after the recovery code), kept in local storage per learner and olympiad, and sent as
// `X-Attempt-Key` on every call of the sitting.
import { readStoredUser } from '@olympiad/shared/session/stored-user';

export const ATTEMPT_KEY_HEADER = 'X-Attempt-Key';

/** Where storage is refused (private browsing), this page still holds the attempt until it closes. */
let heldInMemory: string | null = null;

function storageKey(): string | null {
  const user = readStoredUser();
  return user ? `olympiad.attemptKey.${user.id}.${user.olympiadName ?? user.olympiadId ?? ''}` : null;
}

export function readAttemptKey(): string | null {
  const key = storageKey();
  try {
    return (key ? window.localStorage.getItem(key) : null) ?? heldInMemory;
  } catch {
    return heldInMemory;
  }
}

export function keepAttemptKey(attemptKey: string): void {
  const key = storageKey();
  try {
    if (key) window.localStorage.setItem(key, attemptKey);
  } catch {
    // Held in memory only.
  }
  heldInMemory = attemptKey;
}

/** The header for the sitting's calls; none before the attempt begins. */
export function attemptHeaders(): Record<string, string> {
  const key = readAttemptKey();
  return key ? { [ATTEMPT_KEY_HEADER]: key } : {};
}
