// The session's timings: success event 100 ms after storing; notifications close after
// 5000 ms; the loading indicator hides 300 ms after the last request; and the app state's defaults.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { onSessionEvent, storeSignedInUser, type SessionEvent } from './session-events';
import { isLoggedIn, readStoredUser, readStoredUserText, USER_KEY } from './stored-user';
import { dismissNotification, notifications, notify } from '../feedback/notifications';
import { beginLoading, endLoading, loadingVisible } from '../feedback/loading';
import { appState, DEFAULT_NAV_ITEM, setNavItem, setOlympiadId } from '../app-state/app-state';

const signedIn = {
  token: 'jwt',
  user: { id: 3, email: 'admin@example.org', firstName: 'Ada', lastName: 'Admin', role: 'admin' as const, olympiadId: 1, olympiadName: 'geography' },
};

beforeEach(() => {
  vi.useFakeTimers();
  notifications.set([]);
});

describe('sign-in', () => {
  it('stores {...user, accessToken: token} under the key user at once, and fires the success event 100 ms later', () => {
    const events: SessionEvent[] = [];
    const stop = onSessionEvent((event) => events.push(event));
    storeSignedInUser(signedIn);

    expect(JSON.parse(window.localStorage.getItem(USER_KEY)!)).toEqual({ ...signedIn.user, accessToken: 'jwt' });
    expect(readStoredUser()?.role).toBe('admin');
    expect(isLoggedIn()).toBe(true);
    vi.advanceTimersByTime(99);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual([{ type: 'loginSuccess', user: { ...signedIn.user, accessToken: 'jwt' } }]);
    stop();
  });

  it('treats a missing user, the text "undefined" and a user without a token as logged out', () => {
    expect(isLoggedIn()).toBe(false);
    window.localStorage.setItem(USER_KEY, 'undefined');
    expect(readStoredUserText()).toBe('undefined');
    expect(isLoggedIn()).toBe(false);
    window.localStorage.setItem(USER_KEY, JSON.stringify({ role: 'admin' }));
    expect(isLoggedIn()).toBe(false);
  });
});

describe('notifications', () => {
  it('close by themselves after 5000 ms', () => {
    notify('Saved.');
    vi.advanceTimersByTime(2000);
    notify('Sent.');
    vi.advanceTimersByTime(2999);
    expect(notifications.get().map((n) => n.message)).toEqual(['Saved.', 'Sent.']);
    vi.advanceTimersByTime(1);
    expect(notifications.get().map((n) => n.message)).toEqual(['Sent.']);
    vi.advanceTimersByTime(2000);
    expect(notifications.get()).toEqual([]);
  });

  it('can be closed early', () => {
    const id = notify('Oops', { tone: 'error' });
    dismissNotification(id);
    expect(notifications.get()).toEqual([]);
    vi.advanceTimersByTime(5000);
    expect(notifications.get()).toEqual([]);
  });
});

describe('loading indicator', () => {
  it('shows while requests run and hides 300 ms after the last one ends', () => {
    beginLoading();
    beginLoading();
    expect(loadingVisible.get()).toBe(true);
    endLoading();
    vi.advanceTimersByTime(1000);
    expect(loadingVisible.get()).toBe(true);
    endLoading();
    vi.advanceTimersByTime(299);
    expect(loadingVisible.get()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(loadingVisible.get()).toBe(false);
  });

  it('stays up when a new request starts within the 300 ms', () => {
    beginLoading();
    endLoading();
    vi.advanceTimersByTime(200);
    beginLoading();
    vi.advanceTimersByTime(200);
    expect(loadingVisible.get()).toBe(true);
    endLoading();
    vi.advanceTimersByTime(300);
    expect(loadingVisible.get()).toBe(false);
  });
});

describe('app state', () => {
  it('keeps a current navigation item (default home) and an olympiad id', () => {
    expect(appState.get()).toEqual({ navItem: DEFAULT_NAV_ITEM, olympiadId: null });
    expect(DEFAULT_NAV_ITEM).toBe('home');
    setNavItem('schools');
    setOlympiadId(4);
    expect(appState.get()).toEqual({ navItem: 'schools', olympiadId: 4 });
  });
});
