// GET /api/participant/reset/{id}: every participant's attempt of the olympiad starts again. The sitting's
// routes describe it; until the typed document does, it goes through the untyped request.
import { apiRequest } from '@olympiad/shared/api/raw-request';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';

export function resetParticipants(olympiadId: number) {
  return apiRequest<{ reset: number }>('GET', `/api/participant/reset/${olympiadId}`);
}

export function useResetParticipants() {
  return useApiMutation({ mutationFn: resetParticipants, success: ({ reset }) => `${reset} participant attempt(s) reset.` });
}
