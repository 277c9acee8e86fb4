// The moderation changes, each with its reason: POST /api/results/adjust, /disqualify, /remark,
// /state, and PUT /api/results/bands. Each makes every results query stale.
import { z } from 'zod';
import { api, call } from '@olympiad/shared/api/client';
import { limits } from '@olympiad/shared/lib/field-limits';
import { text } from '@olympiad/shared/lib/limited-text';
import type { components } from '@olympiad/shared/api/schema';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { resultKeys } from './get-moderation';

export type AdjustInput = components['schemas']['AdjustInput'];
export type DisqualifyInput = components['schemas']['DisqualifyInput'];
export type StateInput = components['schemas']['StateInput'];
export type BandsInput = components['schemas']['BandsInput'];

// Every change to the results (adjust, decide, disqualify, remark, state) keeps its reason; the form
// takes the shortest of their limits.
export const reasonLimit = Math.min(...[limits.AdjustInput, limits.DecideInput, limits.DisqualifyInput, limits.RemarkInput, limits.StateInput].map((input) => input.reason.maxLength));

/** The form of a change that only asks why. */
export const reasonSchema = z.object({ reason: text({ maxLength: reasonLimit }).min(1, 'Say why: the reason is kept with the change.') });
export const noReason = { reason: '' };

// A number field holds undefined while it is empty: the schema says it is missing.
const given = () => z.number().optional().pipe(z.number({ error: 'is required' }).min(0, 'must be 0 or more'));

/** A learner's total marks, moderated. */
export const markSchema = reasonSchema.extend({ marks: given() });

/** The medal bands: the share of each grade, from the top, that gets each award. */
export const bandsSchema = z.object({ gold: given(), silver: given(), bronze: given(), merit: given() });

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
