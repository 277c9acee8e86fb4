// POST /api/school-participant: enters a school in an olympiad (answers the entry that exists when it is).
import { api, call } from '@olympiad/shared/api/client';
import type { components } from '@olympiad/shared/api/schema';

export function createEntry(body: components['schemas']['NewEntry']) {
  return call(api.POST('/api/school-participant', { body }));
}
