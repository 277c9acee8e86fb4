// DELETE /api/school/{id} (overlord): a school nothing refers to; others are merged instead.
import { api, call } from '@olympiad/shared/api/client';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { schoolKeys } from './get-schools';

export function deleteSchool(id: number) {
  return call(api.DELETE('/api/school/{id}', { params: { path: { id } } }));
}

export function useDeleteSchool() {
  return useApiMutation({ mutationFn: deleteSchool, success: 'The school is deleted.', invalidates: () => [schoolKeys.all] });
}
