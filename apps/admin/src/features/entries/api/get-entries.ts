// GET /api/school-participant: the schools entered in the olympiad, a page at a time or exported.
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import type { operations } from '@olympiad/shared/api/schema';
import type { ListQuery } from '@olympiad/shared/ui/data-grid/server-query';
import { serverGrid } from '@olympiad/shared/ui/data-grid/server-list';

type EntryQuery = NonNullable<operations['school_participant_list']['parameters']['query']>;

async function getEntries(query: EntryQuery) {
  return unwrap(await call(api.GET('/api/school-participant', { params: { query } })));
}

export type EntryRow = Awaited<ReturnType<typeof getEntries>>['rows'][number];

export const entryKeys = {
  all: ['school-participants'] as const,
  list: (olympiadId: number | undefined) => [...entryKeys.all, 'list', olympiadId ?? 'every'] as const,
};

export function entriesGrid(olympiadId: number | undefined) {
  return serverGrid<EntryRow>({
    path: '/api/school-participant',
    queryKey: entryKeys.list(olympiadId),
    fetchPage: (query: ListQuery) => getEntries(query as EntryQuery),
    baseQuery: olympiadId === undefined ? {} : { olympiadId },
    exportName: 'participating-schools',
  });
}
