// POST /api/sitting/resume: the school's stopped clocks start again with the time each had left.
import { api, call } from '../../../api/client';
import { useApiMutation } from '../../../resource/use-api-mutation';
import { learnersText } from '../components/monitor-text';
import type { SchoolSitting } from './get-monitor';
import { monitorKeys } from './monitor-keys';

export function resumeSchool(schoolParticipantId: number) {
  return call(api.POST('/api/sitting/resume', { body: { schoolParticipantId } }));
}

export function useResumeSchool() {
  return useApiMutation({
    mutationFn: ({ school }: { olympiadId: number; school: SchoolSitting }) => resumeSchool(school.schoolParticipantId),
    success: (resumed, { school }) => `${school.schoolName}: the sitting goes on (${learnersText(resumed.learners)}).`,
    invalidates: ({ olympiadId }) => [monitorKeys.olympiad(olympiadId)],
  });
}
