// POST /api/school-participant (teacher): enters the teacher's own school in an open olympiad.
import { api, call } from '@olympiad/shared/api/client';

export function enterMySchool(olympiadId: number) {
  return call(api.POST('/api/school-participant', { body: { olympiadId } }));
}
