// The olympiad the admin works in: the one chosen in the header's switcher, else the one they signed in to.
import { useAppState } from '@olympiad/shared/app-state/app-state';
import { useStoredUser } from '@olympiad/shared/session/stored-user';

export function useOlympiadId(): number | null {
  const { olympiadId } = useAppState();
  const user = useStoredUser();
  return olympiadId ?? user?.olympiadId ?? null;
}
