import { describe, expect, it } from 'vitest';
import { appOfPath } from './app-of-path';

describe('appOfPath (the server’s choice of app)', () => {
  it.each([
    ['/overlord/overview', 'admin'],
    ['/overlord', 'admin'],
    ['/geography/admin/reports/overview', 'admin'],
    ['/geography/finance/payments', 'admin'],
    ['/geography/funding/edit/team-admins', 'admin'],
    ['/geography/marketing/edit/schools', 'admin'],
    ['/portal', 'portal'],
    ['/portal/pay/123/paid', 'portal'],
    ['/login', 'portal'],
    ['/geography/login', 'portal'],
    ['/geography/olympiad/instructions', 'portal'],
    ['/reset-password/abc', 'portal'],
    ['/', 'public'],
    ['/geography', 'public'],
    ['/geography/about', 'public'],
    ['/login/extra', 'public'],
    ['/geography/login/extra', 'public'],
    ['/olympiads/home', 'public'],
  ])('%s → %s', (path, app) => {
    expect(appOfPath(path)).toBe(app);
  });

  it('ignores the query and the hash', () => {
    expect(appOfPath('/login?next=1')).toBe('portal');
    expect(appOfPath('/overlord/overview#top')).toBe('admin');
  });
});
