// GET /api/olympiad?olympiadId: the olympiad's settings, its sitting windows, and whether it is open.
import { useQuery } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { paperKeys } from './paper-types';

export async function getOlympiad(olympiadId: number) {
  return unwrap(await call(api.GET('/api/olympiad', { params: { query: { olympiadId } } })));
}

export type OlympiadSettings = Awaited<ReturnType<typeof getOlympiad>>;

export function useOlympiad(olympiadId: number | null) {
  return useQuery({
    queryKey: paperKeys.settings(olympiadId ?? 0),
    queryFn: () => getOlympiad(olympiadId ?? 0),
    enabled: olympiadId !== null,
  });
}
