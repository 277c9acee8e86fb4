// GET /api/auth/current-user: the signed-in user and every account they hold (the olympiad switcher).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '../../../api/client';
import { unwrap } from '../../../api/envelope';
import { GET_USER_DATA_FAILED } from '../../../api/messages';
import { alertError } from '../../../feedback/notifications';

export type Section = 'admin' | 'overlord' | 'portal' | 'olympiad';

export async function getCurrentUser(section: Section, olympiadId: number | null) {
  const query = olympiadId === null ? { section } : { section, olympiadId };
  const result = await call(api.GET('/api/auth/current-user', { params: { query } }));
  // A transport error (no answer at all) raises the transport alert.
  if (!result.ok && result.status === 0) alertError(GET_USER_DATA_FAILED);
  return unwrap(result);
}

export const currentUserKeys = {
  all: ['current-user'] as const,
  detail: (section: Section, olympiadId: number | null) => [...currentUserKeys.all, section, olympiadId] as const,
};

export function currentUserQuery(section: Section, olympiadId: number | null) {
  return queryOptions({
    queryKey: currentUserKeys.detail(section, olympiadId),
    queryFn: () => getCurrentUser(section, olympiadId),
    staleTime: 60_000,
  });
}

export function useCurrentUser(section: Section, olympiadId: number | null) {
  return useQuery(currentUserQuery(section, olympiadId));
}
