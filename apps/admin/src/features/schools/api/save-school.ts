// POST /api/school and PUT /api/school/{id}: a school created or changed by staff.
import { api, call } from '@olympiad/shared/api/client';
import type { SchoolInput } from '@olympiad/shared/features/schools/school-schema';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { schoolKeys } from './get-schools';

export function saveSchool(id: number | null, body: SchoolInput) {
  return id === null
    ? call(api.POST('/api/school', { body }))
    : call(api.PUT('/api/school/{id}', { params: { path: { id } }, body }));
}

export function useSaveSchool() {
  return useApiMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SchoolInput }) => saveSchool(id, body),
    success: (_, { id }) => (id === null ? 'The school is added.' : 'The school is saved.'),
    invalidates: () => [schoolKeys.all],
  });
}
