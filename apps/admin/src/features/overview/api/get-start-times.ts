// GET /api/reports/olympiad/start-times: when learners started, per minute (the morning's spike) and
// per school.
import { useQuery } from '@tanstack/react-query';
import { backgroundApi, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { monitorKeys, MONITOR_REFRESH_MS } from '@olympiad/shared/features/sitting-monitor/api/monitor-keys';

export async function getStartTimes(olympiadId: number) {
  return unwrap(await call(backgroundApi.GET('/api/reports/olympiad/start-times', { params: { query: { olympiadId } } })));
}

export type StartTimes = Awaited<ReturnType<typeof getStartTimes>>;

export function useStartTimes(olympiadId: number) {
  return useQuery({
    queryKey: [...monitorKeys.olympiad(olympiadId), 'start-times'],
    queryFn: () => getStartTimes(olympiadId),
    refetchInterval: MONITOR_REFRESH_MS,
  });
}
