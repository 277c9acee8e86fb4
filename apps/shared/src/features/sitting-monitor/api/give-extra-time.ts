// POST /api/sitting/extra-time: minutes more for one learner (a concession, or time lost to a problem
// of their own).
import { z } from 'zod';
import { api, call } from '../../../api/client';
import { useApiMutation } from '../../../resource/use-api-mutation';
import { learnerName } from '../components/monitor-text';
import type { LearnerSitting } from './get-sitting-learners';
import { monitorKeys } from './monitor-keys';
import { limits } from '../../../lib/field-limits';
import { text } from '../../../lib/limited-text';

const minutes = limits.ExtraTimeInput.minutes;

export const extraTimeSchema = z.object({
  // Typed as text; the form's fields hold text.
  minutes: z
    .string()
    .trim()
    .regex(/^\d+$/, 'Whole minutes, as a number.')
    .refine((typed) => Number(typed) >= minutes.minimum && Number(typed) <= minutes.maximum, `From ${minutes.minimum} to ${minutes.maximum} minutes.`),
  reason: text(limits.ExtraTimeInput.reason, `At most ${limits.ExtraTimeInput.reason.maxLength} characters.`).min(1, 'Say why, for the record.'),
});

export function giveExtraTime(participantId: number, minutes: number, reason: string) {
  return call(api.POST('/api/sitting/extra-time', { body: { participantId, minutes, reason } }));
}

export function useGiveExtraTime() {
  return useApiMutation({
    mutationFn: ({ learner, minutes, reason }: { olympiadId: number; learner: LearnerSitting; minutes: number; reason: string }) =>
      giveExtraTime(learner.participantId, minutes, reason),
    success: (time, { learner }) => `${learnerName(learner)} now has ${time.extraMinutes} extra minutes in all.`,
    invalidates: ({ olympiadId }) => [monitorKeys.olympiad(olympiadId)],
  });
}
