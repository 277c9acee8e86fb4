// GET /api/learner: the learners of the schools entered in the olympiad, a page at a time or exported.
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import type { operations } from '@olympiad/shared/api/schema';
import type { ListQuery } from '@olympiad/shared/ui/data-grid/server-query';
import { serverGrid } from '@olympiad/shared/ui/data-grid/server-list';

type LearnerQuery = NonNullable<operations['learner_list']['parameters']['query']>;

async function getLearners(query: LearnerQuery) {
  return unwrap(await call(api.GET('/api/learner', { params: { query } })));
}

export type LearnerRow = Awaited<ReturnType<typeof getLearners>>['rows'][number];

export const learnerKeys = {
  all: ['learners'] as const,
  list: (olympiadId: number | undefined) => [...learnerKeys.all, 'list', olympiadId ?? 'every'] as const,
};

export function learnersGrid(olympiadId: number | undefined) {
  return serverGrid<LearnerRow>({
    path: '/api/learner',
    queryKey: learnerKeys.list(olympiadId),
    fetchPage: (query: ListQuery) => getLearners(query as LearnerQuery),
    baseQuery: olympiadId === undefined ? {} : { olympiadId },
    exportName: 'learners',
  });
}
