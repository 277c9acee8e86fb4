// The app state: the current navigation item (default home) and an olympiad id.
import { createStore, useStore } from '../lib/create-store';

export type AppState = { navItem: string; olympiadId: number | null };

export const DEFAULT_NAV_ITEM = 'home';

export const appState = createStore<AppState>({ navItem: DEFAULT_NAV_ITEM, olympiadId: null });

export function setNavItem(navItem: string): void {
  appState.set((state) => (state.navItem === navItem ? state : { ...state, navItem }));
}

export function setOlympiadId(olympiadId: number | null): void {
  appState.set((state) => (state.olympiadId === olympiadId ? state : { ...state, olympiadId }));
}

export function useAppState(): AppState {
  return useStore(appState);
}
