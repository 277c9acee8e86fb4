// POST /api/school and PUT /api/school/{id}: a school created or changed by staff.
import { api, call } from '@olympiad/shared/api/client';
import type { SchoolInput } from '@olympiad/shared/features/schools/school-schema';

export function saveSchool(id: number | null, body: SchoolInput) {
  return id === null
    ? call(api.POST('/api/school', { body }))
    : call(api.PUT('/api/school/{id}', { params: { path: { id } }, body }));
}
