// GET /api/school-participant (teacher): the entries whose team the teacher is in, in every olympiad.
import { queryOptions } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';

async function getMyEntries() {
  return unwrap(await call(api.GET('/api/school-participant', { params: { query: { pageSize: 100, sort: 'olympiadTitle' } } })));
}

export type MyEntry = Awaited<ReturnType<typeof getMyEntries>>['rows'][number];

export const myEntryKeys = { all: ['my-entries'] as const };

export function myEntriesQuery() {
  return queryOptions({ queryKey: myEntryKeys.all, queryFn: getMyEntries });
}
