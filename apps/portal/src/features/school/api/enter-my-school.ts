// POST /api/school-participant (teacher): enters the teacher's own school in an open olympiad.
import { api, call } from '@olympiad/shared/api/client';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { myEntryKeys } from './get-my-entries';

export function enterMySchool(olympiadId: number) {
  return call(api.POST('/api/school-participant', { body: { olympiadId } }));
}

export function useEnterMySchool() {
  return useApiMutation({
    mutationFn: ({ olympiadId }: { olympiadId: number; title: string; schoolName: string }) => enterMySchool(olympiadId),
    success: (_, { title, schoolName }) => `${schoolName} is entered in the ${title}.`,
    invalidates: () => [myEntryKeys.all],
  });
}
