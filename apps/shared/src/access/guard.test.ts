// The guard, route by route and role by role, from the three apps' route tables.
import { describe, expect, it } from 'vitest';
import { accessMatrix, admits, ROLES, type Role } from './access-matrix';
import { buildRouteTable, type AppRoute } from './route-table';
import { guard } from './guard';

const routes: AppRoute[] = (['admin', 'portal', 'public'] as const).flatMap((app) => buildRouteTable(app, { product: 'olympiads' }));
const screenOf = (route: AppRoute) => accessMatrix.screens.find((screen) => screen.key === route.key && screen.app !== undefined)!;

function storedUser(role: Role, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ id: 1, email: `${role}@example.org`, firstName: 'A', lastName: 'B', role, olympiadId: 1, olympiadName: 'geography', accessToken: 'token', ...extra });
}

describe('guard, every route × every role', () => {
  it('has routes to check', () => {
    expect(routes.length).toBeGreaterThan(100);
  });

  for (const route of routes) {
    describe(route.path, () => {
      it.each(ROLES)('as %s: allowed exactly when the access matrix admits the role', (role) => {
        const decision = guard(route, storedUser(role));
        const expected = admits(screenOf(route), role);
        expect(decision.allow).toBe(expected);
        if (!decision.allow) expect(decision).toMatchObject({ redirectTo: '/login', reason: 'role' });
      });

      it('without a user: allowed only for public pages and the /:olympiadName/login and /:olympiadName/expression routes', () => {
        const exception = route.definition.includes('/:olympiadName/login') || route.definition.includes('/:olympiadName/expression');
        const allowed = route.access === 'public' || exception;
        for (const missing of [null, 'undefined']) {
          const decision = guard(route, missing);
          expect(decision.allow).toBe(allowed);
          if (!decision.allow) expect(decision).toEqual({ allow: false, redirectTo: '/login', reason: 'noUser' });
        }
      });
    });
  }
});

describe('guard, the rules one by one', () => {
  const adminRoute = routes.find((route) => route.path === '/:olympiadName/admin/reports/overview')!;
  const finished = routes.find((route) => route.key === 'finished')!;
  const login = routes.find((route) => route.path === '/login')!;

  it('treats a stored user without an access token as not logged in', () => {
    expect(guard(adminRoute, storedUser('admin', { accessToken: '' }))).toMatchObject({ allow: false, reason: 'notLoggedIn' });
    expect(guard(adminRoute, storedUser('admin', { accessToken: undefined }))).toMatchObject({ allow: false, reason: 'notLoggedIn' });
  });

  it('treats unreadable stored text as not logged in', () => {
    expect(guard(adminRoute, '{not json')).toMatchObject({ allow: false, redirectTo: '/login' });
  });

  it('sends a role outside the list, or an unknown role, to /login', () => {
    expect(guard(adminRoute, storedUser('teacher'))).toMatchObject({ allow: false, redirectTo: '/login', reason: 'role' });
    expect(guard(adminRoute, storedUser('principal' as Role))).toMatchObject({ allow: false, reason: 'role' });
  });

  it('lets any signed-in role see Finished, which has no role list, but not a visitor', () => {
    for (const role of ROLES) expect(guard(finished, storedUser(role)).allow).toBe(true);
    expect(guard(finished, null).allow).toBe(false);
  });

  it('needs no user on /login', () => {
    expect(guard(login, null)).toEqual({ allow: true });
  });

  it('does not redirect an /:olympiadName/expression route for lack of a user', () => {
    const expression = { access: 'roles' as const, roles: ['teacher' as const], definition: '/:olympiadName/expression/:id' };
    expect(guard(expression, null)).toEqual({ allow: true });
    expect(guard(expression, 'undefined')).toEqual({ allow: true });
  });
});
