// GET /api/participant/reset/{olympiadId}/{participantId}: one learner's attempt is set aside (kept for
// the record) and they start again from the instructions.
import { api, call } from '../../../api/client';

export function resetLearner(olympiadId: number, participantId: number) {
  return call(api.GET('/api/participant/reset/{olympiadId}/{participantId}', { params: { path: { olympiadId, participantId } } }));
}
