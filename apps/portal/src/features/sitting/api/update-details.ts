// PUT /api/sitting/details: names, grade and language of writing, confirmed before the start.
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import type { components } from '@olympiad/shared/api/schema';
import { attemptHeaders } from '../attempt-key';

export type LearnerDetailsInput = components['schemas']['DetailsInput'];

export async function updateDetails(details: LearnerDetailsInput) {
  return unwrap(await call(api.PUT('/api/sitting/details', { headers: attemptHeaders(), body: details })));
}
