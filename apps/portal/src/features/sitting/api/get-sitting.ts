// GET /api/sitting: where the learner is (the olympiad's texts, their details, their attempt). Every
// learner screen starts from it. Without a network, the copy kept on the device answers instead.
import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import type { components } from '@olympiad/shared/api/schema';
import { attemptHeaders } from '../attempt-key';
import { deviceCopy } from '../offline-copy';

export type SittingView = components['schemas']['SittingView'];
export type AttemptView = components['schemas']['AttemptView'];

export const sittingKeys = {
  all: ['sitting'] as const,
  view: () => [...sittingKeys.all, 'view'] as const,
  paper: () => [...sittingKeys.all, 'paper'] as const,
};

export async function getSitting(): Promise<SittingView> {
  const result = await call(api.GET('/api/sitting', { headers: attemptHeaders() }));
  const copy = deviceCopy();
  if (!result.ok && result.status === 0) return copy.sitting() ?? unwrap(result);
  const view = unwrap(result);
  if (view.attempt?.status === 'finished') copy.forget();
  else copy.keepSitting(view);
  return view;
}

export function sittingQuery() {
  return queryOptions({ queryKey: sittingKeys.view(), queryFn: getSitting });
}

export function useSitting() {
  return useQuery(sittingQuery());
}

/** Reads again where the learner is: after a refusal that says this screen is behind, or at the end. */
export function useRereadSitting() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: sittingKeys.view() }), [queryClient]);
}
