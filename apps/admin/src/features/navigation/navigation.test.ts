import { describe, expect, it } from 'vitest';
import { buildRouteTable } from '@olympiad/shared/access/route-table';
import { accessMatrix, admits, type Role } from '@olympiad/shared/access/access-matrix';
import { adminNavigation } from './admin-navigation';
import { OVERLORD_GROUPS, overlordNavigation } from './overlord-navigation';

const routes = buildRouteTable('admin', { product: 'olympiads' });
const hrefs = (role: Role) => adminNavigation(routes, role, 'geography', 'schools').flatMap((section) => section.items);

describe('admin navigation', () => {
  it('lists exactly the olympiad screens each staff role may open', () => {
    for (const role of ['admin', 'accountant', 'funding', 'marketing'] as Role[]) {
      const expected = accessMatrix.screens.filter((s) => s.layout === 'admin' && admits(s, role)).map((s) => s.key);
      expect(hrefs(role).map((item) => item.key).sort(), role).toEqual([...expected].sort());
    }
  });

  it('uses the alias under the role’s own section', () => {
    const find = (role: Role, key: string) => hrefs(role).find((item) => item.key === key)?.href;
    expect(find('accountant', 'paymentPortal')).toBe('/geography/finance/payments');
    expect(find('funding', 'paymentPortal')).toBe('/geography/funding/payments');
    expect(find('marketing', 'schools')).toBe('/geography/marketing/edit/schools');
    expect(find('funding', 'teamAdmins')).toBe('/geography/funding/edit/team-admins');
    expect(find('admin', 'teamAdmins')).toBe('/geography/admin/edit/team-admins');
    expect(find('accountant', 'countries')).toBe('/geography/admin/edit/countries');
  });

  it('shows the marketing role only Schools, and marks the current screen', () => {
    expect(adminNavigation(routes, 'marketing', 'geography', 'schools')).toEqual([
      { label: 'Edit', items: [{ key: 'schools', label: 'Schools', href: '/geography/marketing/edit/schools', active: true }] },
    ]);
  });

  it('groups the admin’s screens by the part of the path after the section', () => {
    const sections = adminNavigation(routes, 'admin', 'geography', 'overview');
    expect(sections.map((section) => section.label)).toEqual(['Olympiad', 'Edit', 'Reports', 'Results']);
    expect(sections.find((s) => s.label === 'Reports')!.items.map((i) => i.key)).toContain('overview');
  });
});

describe('overlord navigation', () => {
  it('reaches every overlord screen once', () => {
    const keys = overlordNavigation(routes, 'users').flatMap((section) => section.items.map((item) => item.key));
    const expected = accessMatrix.screens.filter((s) => s.layout === 'overlord').map((s) => s.key);
    expect([...keys].sort()).toEqual([...expected].sort());
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('names only screens that exist in its groups', () => {
    const known = new Set(accessMatrix.screens.map((s) => s.key));
    expect(OVERLORD_GROUPS.flatMap((group) => group.keys).filter((key) => !known.has(key))).toEqual([]);
  });
});
