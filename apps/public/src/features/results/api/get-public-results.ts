// The public pages' results, from the final snapshot only: GET /api/results/top-results/{project}
// and /api/results/past-winners/{project}.
import { useQuery } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';

async function getTopResults(project: string) {
  return unwrap(await call(api.GET('/api/results/top-results/{project}', { params: { path: { project } } })));
}

async function getPastWinners(project: string) {
  return unwrap(await call(api.GET('/api/results/past-winners/{project}', { params: { path: { project } } })));
}

export type PublicResults = NonNullable<Awaited<ReturnType<typeof getTopResults>>>;

export function useTopResults(project: string) {
  return useQuery({ queryKey: ['public-results', 'top', project], queryFn: () => getTopResults(project) });
}

export function usePastWinners(project: string) {
  return useQuery({ queryKey: ['public-results', 'past', project], queryFn: () => getPastWinners(project) });
}
