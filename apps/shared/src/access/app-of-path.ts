// Which of the three builds the server answers a path with (DESIGN.md, "Front end"). Navigation inside
// one app goes through its router; navigation to another app's path is a full page load.
import type { AppName } from './access-matrix';

const STAFF_SECTIONS = new Set(['admin', 'finance', 'funding', 'marketing']);

export function appOfPath(pathname: string): AppName {
  const segments = pathname.split('?')[0]!.split('#')[0]!.split('/').filter(Boolean);
  const [first, second] = segments;
  if (first === 'overlord') return 'admin';
  if (second !== undefined && STAFF_SECTIONS.has(second)) return 'admin';
  if (first === 'portal' || first === 'reset-password') return 'portal';
  if (first === 'login' && segments.length === 1) return 'portal';
  if (second === 'login' && segments.length === 2) return 'portal';
  if (second === 'olympiad') return 'portal';
  return 'public';
}
