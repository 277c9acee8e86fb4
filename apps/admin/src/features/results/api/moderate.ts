// The moderation changes, each with its reason: POST /api/results/adjust, /disqualify, /remark,
// /state, and PUT /api/results/bands. Each makes every results query stale.
import { api, call } from '@olympiad/shared/api/client';
import type { components } from '@olympiad/shared/api/schema';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { resultKeys } from './get-moderation';

export type AdjustInput = components['schemas']['AdjustInput'];
export type DisqualifyInput = components['schemas']['DisqualifyInput'];
export type StateInput = components['schemas']['StateInput'];
export type BandsInput = components['schemas']['BandsInput'];

const stale = () => [resultKeys.all, ['certificates']];

export function useAdjust() {
  return useApiMutation({
    mutationFn: (body: AdjustInput) => call(api.POST('/api/results/adjust', { body })),
    success: 'The mark is moderated.',
    invalidates: stale,
  });
}

export function useDisqualify() {
  return useApiMutation({
    mutationFn: (body: DisqualifyInput) => call(api.POST('/api/results/disqualify', { body })),
    success: (_, body) => (body.disqualified ? 'The learner is disqualified.' : 'The learner is reinstated.'),
    invalidates: stale,
  });
}

export function useRemark() {
  return useApiMutation({
    mutationFn: (body: { olympiadId: number; reason: string }) => call(api.POST('/api/results/remark', { body })),
    success: (data) => `${data.marked} attempt(s) marked again.`,
    invalidates: stale,
  });
}

export function useSetState() {
  return useApiMutation({
    mutationFn: (body: StateInput) => call(api.POST('/api/results/state', { body })),
    success: (data) => (data.state === 'final' ? `The results are final (version ${data.version}).` : `The results are ${data.state}.`),
    invalidates: stale,
  });
}

export function useSetBands() {
  return useApiMutation({
    mutationFn: (body: BandsInput) => call(api.PUT('/api/results/bands', { body })),
    success: 'The medal bands are saved.',
    invalidates: stale,
  });
}
