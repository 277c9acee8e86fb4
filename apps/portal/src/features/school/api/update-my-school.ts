// PUT /api/school/single: a team admin corrects their school's details.
import { api, call } from '@olympiad/shared/api/client';
import type { SchoolInput } from '@olympiad/shared/features/schools/school-schema';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { mySchoolKeys } from './get-my-school';

export function updateMySchool(olympiadVarName: string, body: SchoolInput) {
  return call(api.PUT('/api/school/single', { params: { query: { olympiadVarName } }, body }));
}

export function useUpdateMySchool() {
  return useApiMutation({
    mutationFn: ({ olympiadName, body }: { olympiadName: string; body: SchoolInput }) => updateMySchool(olympiadName, body),
    success: 'The school’s details are saved.',
    invalidates: () => [mySchoolKeys.all],
  });
}
