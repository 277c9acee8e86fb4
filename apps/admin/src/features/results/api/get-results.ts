// GET /api/results (the ranked results as a server grid with CSV and XLSX exports), the top-school
// calculation and the released snapshot.
import { useQuery } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import type { operations } from '@olympiad/shared/api/schema';
import type { ListQuery } from '@olympiad/shared/ui/data-grid/server-query';
import { serverGrid } from '@olympiad/shared/ui/data-grid/server-list';
import { resultKeys } from './get-moderation';

type ResultsQuery = NonNullable<operations['results_list']['parameters']['query']>;

async function getResults(query: ResultsQuery) {
  const page = unwrap(await call(api.GET('/api/results', { params: { query } })));
  return { ...page, rows: page.rows.map((row) => ({ ...row, id: row.attemptId })) };
}

export type ResultRow = Awaited<ReturnType<typeof getResults>>['rows'][number];

export function resultsGrid(olympiadId: number) {
  return serverGrid<ResultRow>({
    path: '/api/results',
    queryKey: resultKeys.list(olympiadId),
    fetchPage: (query: ListQuery) => getResults({ ...query, olympiadId } as ResultsQuery),
    baseQuery: { olympiadId },
    exportName: 'results',
  });
}

export async function getTopSchools(olympiadId: number) {
  return unwrap(await call(api.GET('/api/reports/olympiad/top-school-calcs/{id}', { params: { path: { id: olympiadId } } })));
}

export function useTopSchools(olympiadId: number) {
  return useQuery({ queryKey: resultKeys.topSchools(olympiadId), queryFn: () => getTopSchools(olympiadId) });
}

export async function getReleased(olympiadId: number) {
  return unwrap(await call(api.GET('/api/results/downloads/details', { params: { query: { olympiadId } } })));
}

export function useReleased(olympiadId: number) {
  return useQuery({ queryKey: resultKeys.released(olympiadId), queryFn: () => getReleased(olympiadId) });
}
