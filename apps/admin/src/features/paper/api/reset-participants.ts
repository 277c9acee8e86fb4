// GET /api/participant/reset/{id}: every participant's attempt of the olympiad starts again. The sitting's
// routes describe it; until the typed document does, it goes through the untyped request.
import { apiRequest } from '@olympiad/shared/api/raw-request';

export function resetParticipants(olympiadId: number) {
  return apiRequest<{ reset: number }>('GET', `/api/participant/reset/${olympiadId}`);
}
