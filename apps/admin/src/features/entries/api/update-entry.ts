// PUT /api/school-participant/{id} (status and contact teacher) and DELETE (the entry, its team and its
// learners' sign-ins).
import { api, call } from '@olympiad/shared/api/client';
import type { components } from '@olympiad/shared/api/schema';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { schoolKeys } from '../../schools/api/get-schools';
import { entryKeys } from './get-entries';

export function updateEntry(id: number, body: components['schemas']['EntryChanges']) {
  return call(api.PUT('/api/school-participant/{id}', { params: { path: { id } }, body }));
}

export function deleteEntry(id: number) {
  return call(api.DELETE('/api/school-participant/{id}', { params: { path: { id } } }));
}

export function useUpdateEntry() {
  return useApiMutation({
    mutationFn: ({ id, changes }: { id: number; changes: components['schemas']['EntryChanges'] }) => updateEntry(id, changes),
    success: 'The entry is saved.',
    invalidates: () => [entryKeys.all],
  });
}

/** A removed entry also leaves the schools' "this olympiad" column. */
export function useDeleteEntry() {
  return useApiMutation({ mutationFn: deleteEntry, success: 'The entry is removed.', invalidates: () => [entryKeys.all, schoolKeys.all] });
}
