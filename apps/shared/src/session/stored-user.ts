// The signed-in user, exactly as the apps have always kept it: local-storage key `user`, holding the user
// with its `accessToken` and `role`.
import { useSyncExternalStore } from 'react';
import type { Role } from '../access/access-matrix';

export const USER_KEY = 'user';

/** What the server answers for the signed-in user; only what the apps rely on is required. */
export type SessionUser = {
  id: number;
  role: Role;
  firstName: string;
  lastName: string;
  username?: string;
  email?: string | null;
  accountId?: number;
  olympiadId?: number | null;
  olympiadName?: string | null;
  /** Set when an overlord is acting as this user. */
  impersonatedBy?: number | null;
};

export type StoredUser = SessionUser & { accessToken: string };

const listeners = new Set<() => void>();

function emitChange() {
  listeners.forEach((listener) => listener());
}

if (typeof window !== 'undefined') {
  // Another tab signed in or out.
  window.addEventListener('storage', (event) => {
    if (event.key === USER_KEY || event.key === null) emitChange();
  });
}

export function subscribeToStoredUser(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The raw text, as the guard reads it (it treats the text `undefined` like a missing user). */
export function readStoredUserText(): string | null {
  try {
    return window.localStorage.getItem(USER_KEY);
  } catch {
    return null;
  }
}

export function readStoredUser(): StoredUser | null {
  const text = readStoredUserText();
  if (text === null || text === 'undefined') return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as StoredUser) : null;
  } catch {
    return null;
  }
}

export function accessToken(): string | null {
  const token = readStoredUser()?.accessToken;
  return typeof token === 'string' && token !== '' ? token : null;
}

/** Logged in means the stored user has an access token. */
export function isLoggedIn(): boolean {
  return accessToken() !== null;
}

export function writeStoredUser(user: StoredUser): void {
  window.localStorage.setItem(USER_KEY, JSON.stringify(user));
  emitChange();
}

export function clearStoredUser(): void {
  if (readStoredUserText() === null) return;
  window.localStorage.removeItem(USER_KEY);
  emitChange();
}

/** The raw stored text, re-rendering when it changes (sign-in, sign-out, a 401, another tab). */
export function useStoredUserText(): string | null {
  return useSyncExternalStore(subscribeToStoredUser, readStoredUserText, () => null);
}

export function useStoredUser(): StoredUser | null {
  const text = useStoredUserText();
  if (text === null || text === 'undefined') return null;
  try {
    return JSON.parse(text) as StoredUser;
  } catch {
    return null;
  }
}

/**
 * Stores the user of a session that begins elsewhere (an impersonation), without telling this page:
 * its guard would otherwise send the new user away from the screen before the browser leaves it.
 * The caller then loads the user's home in a full page load.
 */
export function writeStoredUserForNextPage(user: StoredUser): void {
  window.localStorage.setItem(USER_KEY, JSON.stringify(user));
}
