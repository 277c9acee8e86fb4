// DELETE /api/school/{id} (overlord): a school nothing refers to; others are merged instead.
import { api, call } from '@olympiad/shared/api/client';

export function deleteSchool(id: number) {
  return call(api.DELETE('/api/school/{id}', { params: { path: { id } } }));
}
