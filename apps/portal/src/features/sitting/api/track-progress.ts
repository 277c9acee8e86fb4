// POST /api/participant-tracker: where the learner is, for the monitor; answered with the server's
// clock, which the countdown follows (pauses, extra time); from a timed module, its own clock too
// (the first ping from it starts that clock on the server).
import { backgroundApi, call, withTimeout } from '@olympiad/shared/api/client';
import { ATTEMPT_KEY_HEADER, readAttemptKey } from '../attempt-key';

const PING_TIMEOUT_MS = 15_000;

export function trackProgress(olympiadId: number, position: string, online: boolean, moduleId: number | null) {
  return call(
    backgroundApi.POST('/api/participant-tracker', {
      params: { query: { olympiadId }, header: { [ATTEMPT_KEY_HEADER]: readAttemptKey() ?? '' } },
      body: { position, online, moduleId },
      signal: withTimeout(PING_TIMEOUT_MS),
    }),
    { timeoutMs: PING_TIMEOUT_MS },
  );
}
