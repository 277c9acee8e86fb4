// PUT /api/school/single: a team admin corrects their school's details.
import { api, call } from '@olympiad/shared/api/client';
import type { SchoolInput } from '@olympiad/shared/features/schools/school-schema';

export function updateMySchool(olympiadVarName: string, body: SchoolInput) {
  return call(api.PUT('/api/school/single', { params: { query: { olympiadVarName } }, body }));
}
