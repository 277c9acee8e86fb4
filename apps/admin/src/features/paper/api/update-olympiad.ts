// PUT /api/olympiad/{id}: the settings of the Settings and Actions screen (written to the activity log).
import { api, call } from '@olympiad/shared/api/client';
import type { UpdateSettings } from './paper-types';

export function updateOlympiad(olympiadId: number, settings: UpdateSettings) {
  return call(api.PUT('/api/olympiad/{id}', { params: { path: { id: olympiadId } }, body: settings }));
}
