// POST /api/sitting/answers: a batch of answers (at most 200), acknowledged once durable. Sent by the
// answer queue, which reads the refusals; a save that hangs on a weak signal is given up after 20 s and
// sent again.
import { backgroundApi, call, withTimeout } from '@olympiad/shared/api/client';
import { ATTEMPT_KEY_HEADER, readAttemptKey } from '../attempt-key';
import type { QueuedAnswer } from '../answer-queue';
import { deviceCopy } from '../offline-copy';

const SAVE_TIMEOUT_MS = 20_000;

export async function saveAnswers(answers: QueuedAnswer[]) {
  const result = await call(
    backgroundApi.POST('/api/sitting/answers', {
      params: { header: { [ATTEMPT_KEY_HEADER]: readAttemptKey() ?? '' } },
      body: { answers },
      signal: withTimeout(SAVE_TIMEOUT_MS),
    }),
    { timeoutMs: SAVE_TIMEOUT_MS },
  );
  // Saved answers show in the device's copy of the paper too, for a reload without a network.
  if (result.ok) deviceCopy().keepSaved(answers);
  return result;
}
