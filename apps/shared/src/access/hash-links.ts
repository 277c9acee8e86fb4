// Old links used hash routing (`/#/login`, `/#/geography/admin/...`). They land on the same screen: the
// hash path replaces the location, inside this app when it serves that path, else with a page load.
import { appOfPath } from './app-of-path';
import type { AppName } from './access-matrix';

export function pathOfHashLink(location: Pick<Location, 'hash'>): string | null {
  const { hash } = location;
  if (!hash.startsWith('#/')) return null;
  return hash.slice(1);
}

/** Returns true when the page is being replaced by another app's page (the caller should not render). */
export function followHashLink(app: AppName, location: Location = window.location, history: History = window.history): boolean {
  const target = pathOfHashLink(location);
  if (target === null) return false;
  if (appOfPath(target) === app) {
    history.replaceState(history.state, '', target);
    return false;
  }
  location.replace(target);
  return true;
}
