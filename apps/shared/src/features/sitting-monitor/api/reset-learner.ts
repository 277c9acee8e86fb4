// GET /api/participant/reset/{olympiadId}/{participantId}: one learner's attempt is set aside (kept for
// the record) and they start again from the instructions.
import { api, call } from '../../../api/client';
import { useApiMutation } from '../../../resource/use-api-mutation';
import { learnerName } from '../components/monitor-text';
import type { LearnerSitting } from './get-sitting-learners';
import { monitorKeys } from './monitor-keys';

export function resetLearner(olympiadId: number, participantId: number) {
  return call(api.GET('/api/participant/reset/{olympiadId}/{participantId}', { params: { path: { olympiadId, participantId } } }));
}

export function useResetLearner() {
  return useApiMutation({
    mutationFn: ({ olympiadId, learner }: { olympiadId: number; learner: LearnerSitting }) => resetLearner(olympiadId, learner.participantId),
    success: (_, { learner }) => `${learnerName(learner)} starts again from the instructions.`,
    invalidates: ({ olympiadId }) => [monitorKeys.olympiad(olympiadId)],
  });
}
