// POST /api/sitting/finish: the learner's "Finish" (safe to repeat).
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { attemptHeaders } from '../attempt-key';

export async function finishSitting() {
  return unwrap(await call(api.POST('/api/sitting/finish', { headers: attemptHeaders() })));
}
