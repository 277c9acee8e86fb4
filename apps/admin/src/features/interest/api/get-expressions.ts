// GET /api/interest/expression-of-interest: expressions of interest, filterable as open, processed or
// declined, a page at a time or exported.
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import type { operations } from '@olympiad/shared/api/schema';
import type { ListQuery } from '@olympiad/shared/ui/data-grid/server-query';
import { serverGrid } from '@olympiad/shared/ui/data-grid/server-list';

type InterestQuery = NonNullable<operations['interest_list']['parameters']['query']>;

async function getExpressions(query: InterestQuery) {
  return unwrap(await call(api.GET('/api/interest/expression-of-interest', { params: { query } })));
}

export type Expression = Awaited<ReturnType<typeof getExpressions>>['rows'][number];

export const interestKeys = {
  all: ['expressions-of-interest'] as const,
  list: (olympiadId: number | undefined) => [...interestKeys.all, 'list', olympiadId ?? 'every'] as const,
  matches: (id: number) => [...interestKeys.all, 'matches', id] as const,
};

export function expressionsGrid(olympiadId: number | undefined) {
  return serverGrid<Expression>({
    path: '/api/interest/expression-of-interest',
    queryKey: interestKeys.list(olympiadId),
    fetchPage: (query: ListQuery) => getExpressions(query as InterestQuery),
    baseQuery: olympiadId === undefined ? {} : { olympiadId },
    filterNames: { type: 'type', verified: 'emailVerified' },
    exportName: 'expressions-of-interest',
  });
}
