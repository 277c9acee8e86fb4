// GET /api/olympiad/set-olympiad-open/{query}: opens (or with `open=false` closes) the olympiad. Opening
// is refused with `not_ready` while Verify finds errors.
import { api, call } from '@olympiad/shared/api/client';

export const NOT_READY = 'not_ready';

export function setOlympiadOpen(olympiadId: number, open: boolean) {
  return call(api.GET('/api/olympiad/set-olympiad-open/{query}', { params: { path: { query: olympiadId }, query: { open } } }));
}
