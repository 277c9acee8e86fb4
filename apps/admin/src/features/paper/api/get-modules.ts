// GET /api/question-module?olympiadId: the olympiad's modules in order, with their question counts.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { paperKeys } from './paper-types';

export async function getModules(olympiadId: number) {
  return unwrap(await call(api.GET('/api/question-module', { params: { query: { olympiadId } } })));
}

export function modulesQuery(olympiadId: number) {
  return queryOptions({ queryKey: paperKeys.modules(olympiadId), queryFn: () => getModules(olympiadId) });
}

export function useModules(olympiadId: number | null) {
  return useQuery({ ...modulesQuery(olympiadId ?? 0), enabled: olympiadId !== null });
}
