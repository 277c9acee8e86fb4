// `can()` answers as the server's gate does, and knows every operation of the OpenAPI document.
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { apiRoutes, can, mayCall, parseApiRoutes, type ApiOperation } from './can';
import { ROLES } from './access-matrix';
import { USER_KEY } from '../session/stored-user';

const signInAs = (role: string) =>
  window.localStorage.setItem(USER_KEY, JSON.stringify({ id: 1, role, firstName: 'A', lastName: 'B', accessToken: 'token' }));

afterEach(() => window.localStorage.clear());

describe('can', () => {
  it('lets admins and the overlord change a school, and only the overlord delete one', () => {
    expect(mayCall('PUT /api/school/{id}', 'admin')).toBe(true);
    expect(mayCall('PUT /api/school/{id}', 'overlord')).toBe(true);
    expect(mayCall('PUT /api/school/{id}', 'accountant')).toBe(false);
    expect(mayCall('DELETE /api/school/{id}', 'admin')).toBe(false);
    expect(mayCall('DELETE /api/school/{id}', 'overlord')).toBe(true);
  });

  it('follows public and signed-in routes, and refuses the two-factor set-up to a session', () => {
    expect(mayCall('POST /api/auth/signin', null)).toBe(true);
    expect(mayCall('GET /api/auth/current-user', null)).toBe(false);
    expect(ROLES.every((role) => mayCall('GET /api/auth/current-user', role))).toBe(true);
    expect(ROLES.some((role) => mayCall('POST /api/auth/2fa/setup', role))).toBe(false);
    expect(mayCall('POST /api/sitting/answers', 'learner')).toBe(true);
    expect(mayCall('POST /api/sitting/answers', 'teacher')).toBe(false);
  });

  it('reads the signed-in role from the session', () => {
    expect(can('PUT /api/school/{id}')).toBe(false);
    signInAs('admin');
    expect(can('PUT /api/school/{id}')).toBe(true);
    signInAs('marketing');
    expect(can('PUT /api/school/{id}')).toBe(false);
    expect(can('GET /api/school')).toBe(true);
  });

  it('refuses an operation the table does not know', () => {
    expect(mayCall('GET /api/nowhere' as ApiOperation, 'overlord')).toBe(false);
  });

  it('has every operation of the OpenAPI document under /api', () => {
    const openapi = JSON.parse(readFileSync(resolve(process.cwd(), 'apps/shared/openapi.json'), 'utf8')) as { paths: Record<string, object> };
    const missing = Object.entries(openapi.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, item]) =>
        ['get', 'put', 'post', 'delete', 'patch'].filter((method) => method in item).map((method) => `${method.toUpperCase()} ${path}`),
      )
      .filter((operation) => !apiRoutes.has(operation));
    expect(missing).toEqual([]);
  });

  it('refuses a malformed export', () => {
    expect(() => parseApiRoutes({})).toThrow(/routes missing/);
    expect(() => parseApiRoutes({ routes: [{ method: 'GET', path: '/api/x', access: 'anyone', roles: [] }] })).toThrow(/bad route/);
  });
});
