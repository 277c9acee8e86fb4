// GET and PUT /api/olympiad/{id}/start-windows: the olympiad's staggered start windows (a window of
// the sitting for some schools), with the schools entered in it; the whole list is saved at once.
import { useQuery } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import type { components } from '@olympiad/shared/api/schema';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { paperKeys } from './paper-types';

export type StartWindowInput = components['schemas']['StartWindowInput'];

const startWindowsKey = (olympiadId: number) => [...paperKeys.olympiad(olympiadId), 'start-windows'] as const;

export async function getStartWindows(olympiadId: number) {
  return unwrap(await call(api.GET('/api/olympiad/{id}/start-windows', { params: { path: { id: olympiadId } } })));
}

export type StartWindows = Awaited<ReturnType<typeof getStartWindows>>;

export function useStartWindows(olympiadId: number) {
  return useQuery({ queryKey: startWindowsKey(olympiadId), queryFn: () => getStartWindows(olympiadId) });
}

export function updateStartWindows(olympiadId: number, startWindows: StartWindowInput[]) {
  return call(api.PUT('/api/olympiad/{id}/start-windows', { params: { path: { id: olympiadId } }, body: { startWindows } }));
}

export function useUpdateStartWindows(olympiadId: number) {
  return useApiMutation({
    mutationFn: (startWindows: StartWindowInput[]) => updateStartWindows(olympiadId, startWindows),
    update: (queryClient, saved) => queryClient.setQueryData(startWindowsKey(olympiadId), saved),
    success: 'Start windows saved.',
  });
}
