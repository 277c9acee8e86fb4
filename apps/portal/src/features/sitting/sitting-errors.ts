// What a refused call of the sitting means to the learner, in their language. The server's own
// sentence (English) is the last resort, for what the screens cannot foresee.
import { ApiError } from '@olympiad/shared/api/envelope';
import type { Words } from './words';

export function sittingMessage(error: unknown, words: Words): string {
  if (!(error instanceof ApiError)) return words.couldNotLoad;
  const { status, code, message } = error.failure;
  if (status === 0) return words.offline;
  switch (code) {
    case 'closed':
      return words.startClosed;
    case 'paused':
      return words.startPaused;
    case 'not_open_yet':
      return words.startNotOpenYet;
    case 'recovery_needed':
    case 'other_device':
      return words.stopped.other_device ?? message;
    case 'finished':
    case 'no_attempt':
    case 'time_up':
      return words.stopped[code] ?? message;
    default:
      return message;
  }
}
