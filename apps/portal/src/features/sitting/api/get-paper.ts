// GET /api/sitting/paper: the questions in the learner's order and language, with what they have
// answered. Fetched once per visit to the questions; answers then live on the device until saved.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import type { components } from '@olympiad/shared/api/schema';
import { attemptHeaders } from '../attempt-key';
import { sittingKeys } from './get-sitting';

export async function getPaper() {
  return unwrap(await call(api.GET('/api/sitting/paper', { headers: attemptHeaders() })));
}

export type LearnerPaper = Awaited<ReturnType<typeof getPaper>>;
export type LearnerQuestion = components['schemas']['LearnerQuestion'];

export function usePaper() {
  return useQuery(queryOptions({ queryKey: sittingKeys.paper(), queryFn: getPaper, staleTime: Infinity, gcTime: 0 }));
}
