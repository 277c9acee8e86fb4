// GET /api/sitting/learners: each learner of one school's entry, where they are and how long they have.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { backgroundApi, call } from '../../../api/client';
import { unwrap } from '../../../api/envelope';
import { monitorKeys, MONITOR_REFRESH_MS } from './monitor-keys';

export async function getSittingLearners(olympiadId: number, schoolParticipantId: number) {
  return unwrap(await call(backgroundApi.GET('/api/sitting/learners', { params: { query: { olympiadId, schoolParticipantId } } })));
}

export type LearnerSitting = Awaited<ReturnType<typeof getSittingLearners>>[number];

export function useSittingLearners(olympiadId: number, schoolParticipantId: number) {
  return useQuery(
    queryOptions({
      queryKey: monitorKeys.learners(olympiadId, schoolParticipantId),
      queryFn: () => getSittingLearners(olympiadId, schoolParticipantId),
      refetchInterval: MONITOR_REFRESH_MS,
    }),
  );
}
