// GET /api/sitting: where the learner is (the olympiad's texts, their details, their attempt). Every
// learner screen starts from it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import type { components } from '@olympiad/shared/api/schema';
import { attemptHeaders } from '../attempt-key';

export type SittingView = components['schemas']['SittingView'];
export type AttemptView = components['schemas']['AttemptView'];

export const sittingKeys = {
  all: ['sitting'] as const,
  view: () => [...sittingKeys.all, 'view'] as const,
  paper: () => [...sittingKeys.all, 'paper'] as const,
};

export async function getSitting(): Promise<SittingView> {
  return unwrap(await call(api.GET('/api/sitting', { headers: attemptHeaders() })));
}

export function sittingQuery() {
  return queryOptions({ queryKey: sittingKeys.view(), queryFn: getSitting });
}

export function useSitting() {
  return useQuery(sittingQuery());
}
