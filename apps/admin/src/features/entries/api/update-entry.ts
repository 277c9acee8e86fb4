// PUT /api/school-participant/{id} (status and contact teacher) and DELETE (the entry, its team and its
// learners' sign-ins).
import { api, call } from '@olympiad/shared/api/client';
import type { components } from '@olympiad/shared/api/schema';

export function updateEntry(id: number, body: components['schemas']['EntryChanges']) {
  return call(api.PUT('/api/school-participant/{id}', { params: { path: { id } }, body }));
}

export function deleteEntry(id: number) {
  return call(api.DELETE('/api/school-participant/{id}', { params: { path: { id } } }));
}
