// GET /api/results/moderation: distributions per grade and per question, outliers and every change.
import { useQuery } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';

export const resultKeys = {
  all: ['results'] as const,
  moderation: (olympiadId: number) => [...resultKeys.all, 'moderation', olympiadId] as const,
  list: (olympiadId: number) => [...resultKeys.all, 'list', olympiadId] as const,
  topSchools: (olympiadId: number) => [...resultKeys.all, 'top-schools', olympiadId] as const,
  released: (olympiadId: number) => [...resultKeys.all, 'released', olympiadId] as const,
};

export async function getModeration(olympiadId: number) {
  return unwrap(await call(api.GET('/api/results/moderation', { params: { query: { olympiadId } } })));
}

export type Moderation = Awaited<ReturnType<typeof getModeration>>;
export type ResultsState = Moderation['state'];

export function useModeration(olympiadId: number) {
  return useQuery({ queryKey: resultKeys.moderation(olympiadId), queryFn: () => getModeration(olympiadId) });
}
