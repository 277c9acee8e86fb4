// POST /api/sitting/resume: the school's stopped clocks start again with the time each had left.
import { api, call } from '../../../api/client';

export function resumeSchool(schoolParticipantId: number) {
  return call(api.POST('/api/sitting/resume', { body: { schoolParticipantId } }));
}
