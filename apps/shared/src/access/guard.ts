// The before-navigation guard.
import type { AppRoute } from './route-table';
import { isRole } from './access-matrix';

export const LOGIN_PATH = '/login';

/** Routes whose definition contains one of these are not redirected for lack of a user. */
const NO_USER_EXCEPTIONS = ['/:olympiadName/login', '/:olympiadName/expression'];

export type GuardDecision =
  | { allow: true }
  | { allow: false; redirectTo: typeof LOGIN_PATH; reason: 'noUser' | 'notLoggedIn' | 'role' };

type GuardedRoute = Pick<AppRoute, 'access' | 'roles' | 'definition'>;

/**
 * @param storedUser the raw text under local-storage key `user` (null when absent).
 */
export function guard(route: GuardedRoute, storedUser: string | null): GuardDecision {
  // Public pages and /login (public in the matrix) need no user.
  if (route.access === 'public' || route.definition === LOGIN_PATH) return { allow: true };

  if (storedUser === null || storedUser === 'undefined') {
    if (NO_USER_EXCEPTIONS.some((exception) => route.definition.includes(exception))) return { allow: true };
    return { allow: false, redirectTo: LOGIN_PATH, reason: 'noUser' };
  }

  const user = parseUser(storedUser);
  // Being logged in is judged by the stored user having an access token.
  if (!user || typeof user.accessToken !== 'string' || user.accessToken === '') {
    return { allow: false, redirectTo: LOGIN_PATH, reason: 'notLoggedIn' };
  }
  if (route.access === 'roles' && !(isRole(user.role) && route.roles.includes(user.role))) {
    return { allow: false, redirectTo: LOGIN_PATH, reason: 'role' };
  }
  return { allow: true };
}

function parseUser(text: string): { accessToken?: unknown; role?: unknown } | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : null;
  } catch {
    return null;
  }
}
