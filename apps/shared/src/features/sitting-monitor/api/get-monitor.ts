// GET /api/sitting/monitor: per school, how many learners have not started, are writing, have
// finished, or look stuck, and whether its sitting is paused. Refreshes itself.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { backgroundApi, call } from '../../../api/client';
import { unwrap } from '../../../api/envelope';
import { monitorKeys, MONITOR_REFRESH_MS } from './monitor-keys';

export async function getMonitor(olympiadId: number, schoolParticipantId?: number) {
  const query = schoolParticipantId === undefined ? { olympiadId } : { olympiadId, schoolParticipantId };
  return unwrap(await call(backgroundApi.GET('/api/sitting/monitor', { params: { query } })));
}

export type Monitor = Awaited<ReturnType<typeof getMonitor>>;
export type SchoolSitting = Monitor['schools'][number];

export function useMonitor(olympiadId: number, schoolParticipantId?: number) {
  return useQuery(
    queryOptions({
      queryKey: monitorKeys.schools(olympiadId, schoolParticipantId),
      queryFn: () => getMonitor(olympiadId, schoolParticipantId),
      refetchInterval: MONITOR_REFRESH_MS,
    }),
  );
}
