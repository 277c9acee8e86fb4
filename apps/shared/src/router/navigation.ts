// Navigation between apps is a full page load; inside one app it goes through the router.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AppName } from '../access/access-matrix';
import { appOfPath } from '../access/app-of-path';

let currentApp: AppName | null = null;

export function setCurrentApp(app: AppName): void {
  currentApp = app;
}

export function getCurrentApp(): AppName | null {
  return currentApp;
}

export function servedHere(path: string): boolean {
  return currentApp !== null && appOfPath(path) === currentApp;
}

/** Goes to `path`: through the router when this app serves it, else with a page load. */
export function useGoTo(): (path: string, options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  return useCallback(
    (path, options = {}) => {
      if (servedHere(path)) navigate(path, { replace: options.replace ?? false });
      else if (options.replace) window.location.replace(path);
      else window.location.assign(path);
    },
    [navigate],
  );
}
