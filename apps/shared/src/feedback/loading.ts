// The loading indicator: shown while any request runs, hidden 300 ms after the last one ends, so that
// back-to-back requests do not make it flicker.
import { createStore, useStore } from '../lib/create-store';

export const LOADING_HIDE_DELAY_MS = 300;

export const loadingVisible = createStore(false);

let running = 0;
let hideTimer: ReturnType<typeof setTimeout> | null = null;

export function beginLoading(): void {
  running += 1;
  if (hideTimer !== null) {
    clearTimeout(hideTimer);
    hideTimer = null;
  }
  loadingVisible.set(true);
}

export function endLoading(): void {
  running = Math.max(0, running - 1);
  if (running > 0 || hideTimer !== null) return;
  hideTimer = setTimeout(() => {
    hideTimer = null;
    if (running === 0) loadingVisible.set(false);
  }, LOADING_HIDE_DELAY_MS);
}

export function useLoadingVisible(): boolean {
  return useStore(loadingVisible);
}
