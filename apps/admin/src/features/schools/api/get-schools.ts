// GET /api/school: a page of schools with their entry in the olympiad, or the export of every one.
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import type { operations } from '@olympiad/shared/api/schema';
import type { ListQuery } from '@olympiad/shared/ui/data-grid/server-query';
import { serverGrid } from '@olympiad/shared/ui/data-grid/server-list';

type SchoolQuery = NonNullable<operations['school_list']['parameters']['query']>;

async function getSchools(query: SchoolQuery) {
  return unwrap(await call(api.GET('/api/school', { params: { query } })));
}

export type SchoolRow = Awaited<ReturnType<typeof getSchools>>['rows'][number];

export const schoolKeys = {
  all: ['schools'] as const,
  list: (olympiadId: number | undefined) => [...schoolKeys.all, 'list', olympiadId ?? 'every'] as const,
};

export function schoolsGrid(olympiadId: number | undefined) {
  return serverGrid<SchoolRow>({
    path: '/api/school',
    queryKey: schoolKeys.list(olympiadId),
    fetchPage: (query: ListQuery) => getSchools(query as SchoolQuery),
    baseQuery: olympiadId === undefined ? {} : { olympiadId },
    exportName: 'schools',
  });
}

/** Schools whose name, town or EMIS number has the text: for choosing one (merges, entries). */
export async function searchSchools(search: string): Promise<SchoolRow[]> {
  const page = await getSchools({ search, pageSize: 20, sort: 'name' });
  return page.rows;
}
