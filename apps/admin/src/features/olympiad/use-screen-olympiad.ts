// The olympiad a staff screen works in: the one of the signed-in account (the API lets staff act only
// there). Overlord screens have none and see every olympiad.
import { useParams } from 'react-router-dom';
import { useStoredUser } from '@olympiad/shared/session/stored-user';

export type ScreenOlympiad = { olympiadId: number | undefined; olympiadName: string | undefined; otherOlympiad: boolean };

export function useScreenOlympiad(): ScreenOlympiad {
  const { olympiadName } = useParams();
  const user = useStoredUser();
  const olympiadId = user?.role === 'overlord' ? undefined : (user?.olympiadId ?? undefined);
  return {
    olympiadId,
    olympiadName: user?.olympiadName ?? olympiadName,
    // The address names another olympiad than the one signed in to.
    otherOlympiad: olympiadName !== undefined && user?.olympiadName != null && user.olympiadName !== olympiadName,
  };
}
