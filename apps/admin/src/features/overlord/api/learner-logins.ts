// GET /api/reports/learner-logins?olympiadId&startDate&timeWindow: learners' sign-ins, per hour and
// one by one.
import { queryOptions } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import type { operations } from '@olympiad/shared/api/schema';

export type LearnerLoginQuery = operations['report_learner_logins']['parameters']['query'];

async function getLearnerLogins(query: LearnerLoginQuery) {
  return unwrap(await call(api.GET('/api/reports/learner-logins', { params: { query } })));
}

export type LearnerLogins = Awaited<ReturnType<typeof getLearnerLogins>>;

export const learnerLoginsQuery = (query: LearnerLoginQuery) =>
  queryOptions({ queryKey: ['learner-logins', query] as const, queryFn: () => getLearnerLogins(query), refetchInterval: 60_000 });
