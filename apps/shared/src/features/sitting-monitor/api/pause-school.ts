// POST /api/sitting/pause: the power went at a school; its writing learners' clocks stop, each keeping
// the time it had.
import { z } from 'zod';
import { api, call } from '../../../api/client';
import { useApiMutation } from '../../../resource/use-api-mutation';
import { learnersText } from '../components/monitor-text';
import type { SchoolSitting } from './get-monitor';
import { monitorKeys } from './monitor-keys';
import { limits } from '../../../lib/field-limits';
import { text } from '../../../lib/limited-text';

export const pauseSchema = z.object({
  reason: text(limits.PauseInput.reason, `At most ${limits.PauseInput.reason.maxLength} characters.`).min(1, 'Say why, for the record (load-shedding, a fire drill).'),
});

export function pauseSchool(schoolParticipantId: number, reason: string) {
  return call(api.POST('/api/sitting/pause', { body: { schoolParticipantId, reason } }));
}

export function usePauseSchool() {
  return useApiMutation({
    mutationFn: ({ school, reason }: { olympiadId: number; school: SchoolSitting; reason: string }) => pauseSchool(school.schoolParticipantId, reason),
    success: (paused, { school }) => `${school.schoolName}: the sitting is paused (${learnersText(paused.learners)}).`,
    invalidates: ({ olympiadId }) => [monitorKeys.olympiad(olympiadId)],
  });
}
