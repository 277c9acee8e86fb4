import { describe, expect, it, vi } from 'vitest';
import { followHashLink, pathOfHashLink } from './hash-links';

function fakeLocation(hash: string) {
  return { hash, replace: vi.fn() } as unknown as Location & { replace: ReturnType<typeof vi.fn> };
}

describe('old hash links', () => {
  it('reads the route from #/…', () => {
    expect(pathOfHashLink({ hash: '#/login' })).toBe('/login');
    expect(pathOfHashLink({ hash: '#/geography/admin/eoi' })).toBe('/geography/admin/eoi');
    expect(pathOfHashLink({ hash: '#section' })).toBeNull();
    expect(pathOfHashLink({ hash: '' })).toBeNull();
  });

  it('stays in this app when it serves the route, replacing the address', () => {
    const history = { state: null, replaceState: vi.fn() } as unknown as History;
    const location = fakeLocation('#/portal/faq');
    expect(followHashLink('portal', location, history)).toBe(false);
    expect(history.replaceState).toHaveBeenCalledWith(null, '', '/portal/faq');
    expect(location.replace).not.toHaveBeenCalled();
  });

  it('loads the other app’s page when another app serves it: /#/login lands on the sign-in page', () => {
    const history = { state: null, replaceState: vi.fn() } as unknown as History;
    const location = fakeLocation('#/login');
    expect(followHashLink('public', location, history)).toBe(true);
    expect(location.replace).toHaveBeenCalledWith('/login');
  });

  it('does nothing without a hash route', () => {
    const history = { state: null, replaceState: vi.fn() } as unknown as History;
    expect(followHashLink('public', fakeLocation(''), history)).toBe(false);
    expect(history.replaceState).not.toHaveBeenCalled();
  });
});
