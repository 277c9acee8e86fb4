// POST /api/sitting/start: the clock runs (safe to repeat), and the answer is the learner's paper,
// as GET /api/sitting/paper gives it, with where they are (`sitting`).
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { attemptHeaders } from '../attempt-key';

export async function startSitting() {
  return unwrap(await call(api.POST('/api/sitting/start', { headers: attemptHeaders() })));
}
