// GET /api/participant/get-submitted-data/{id}: a learner's answers as submitted, every question of the
// paper in order, as much of it as the paper rule shows the caller now (`shown`).
import { useQuery } from '@tanstack/react-query';
import { api, call } from '../../../api/client';
import { unwrap } from '../../../api/envelope';
import { monitorKeys } from './monitor-keys';

export async function getSubmittedData(participantId: number) {
  return unwrap(await call(api.GET('/api/participant/get-submitted-data/{id}', { params: { path: { id: participantId } } })));
}

export type SubmittedData = Awaited<ReturnType<typeof getSubmittedData>>;

export function useSubmittedData(participantId: number) {
  return useQuery({ queryKey: monitorKeys.submitted(participantId), queryFn: () => getSubmittedData(participantId) });
}
