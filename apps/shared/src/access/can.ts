// What the signed-in person may do, asked of the API's own access table (crates/http/src/access.rs,
// exported to src/generated/api-routes.json by `make snapshots`): a screen offers an action only when
// `can('PUT /api/school/{id}')`, so no button leads to a refusal, and who may do what is decided in one
// place, the server's.
import { useCallback } from 'react';
import routesJson from '../generated/api-routes.json';
import type { paths } from '../api/schema';
import { isRole, type Role } from './access-matrix';
import { readStoredUser, useStoredUser } from '../session/stored-user';

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** An operation of the OpenAPI document, `METHOD /path` with the path as the document spells it. */
export type ApiOperation = {
  [P in keyof paths]: { [M in Method]: paths[P][M] extends undefined ? never : `${Uppercase<M>} ${P & string}` }[Method];
}[keyof paths];

export type RouteAccess = {
  method: string;
  path: string;
  /** `twoFactorSetup`: only with the set-up token of a sign-in that is not finished. */
  access: 'public' | 'signedIn' | 'roles' | 'twoFactorSetup';
  roles: Role[];
};

export type RouteTable = Map<string, RouteAccess>;

/** Checks the export's shape once, so that a malformed one fails loudly rather than hiding every action. */
export function parseApiRoutes(json: unknown): RouteTable {
  const routes = (json as { routes?: unknown } | null)?.routes;
  if (!Array.isArray(routes)) throw new Error('api-routes.json: routes missing');
  const table: RouteTable = new Map();
  for (const route of routes as RouteAccess[]) {
    const known = ['public', 'signedIn', 'roles', 'twoFactorSetup'].includes(route.access);
    if (typeof route.method !== 'string' || typeof route.path !== 'string' || !known || !route.roles.every(isRole)) {
      throw new Error(`api-routes.json: bad route ${JSON.stringify(route)}`);
    }
    table.set(`${route.method} ${route.path}`, route);
  }
  return table;
}

export const apiRoutes: RouteTable = parseApiRoutes(routesJson);

/** Whether a caller with `role` (null: not signed in) may call the operation; mirrors the server's gate. */
export function mayCall(operation: ApiOperation, role: Role | null, table: RouteTable = apiRoutes): boolean {
  const route = table.get(operation);
  switch (route?.access) {
    case 'public':
      return true;
    case 'signedIn':
      return role !== null;
    case 'roles':
      return role !== null && route.roles.includes(role);
    default:
      return false;
  }
}

const roleOf = (user: { role?: unknown } | null): Role | null => (user && isRole(user.role) ? user.role : null);

/** Whether the signed-in person may call the operation (for handlers; screens use `useCan`). */
export function can(operation: ApiOperation): boolean {
  return mayCall(operation, roleOf(readStoredUser()));
}

/** `can` for a screen: it renders again when someone else signs in (another tab, an impersonation). */
export function useCan(): (operation: ApiOperation) => boolean {
  const role = roleOf(useStoredUser());
  return useCallback((operation: ApiOperation) => mayCall(operation, role), [role]);
}
