// A form's text field as long as the server's OpenAPI document allows (limits from ./field-limits),
// trimmed, with the one message every form gives for text that is too long. Beside field-limits, not in
// it: the learner's question screen reads the limits and must not load zod for them.
import { z } from 'zod';
import { atMost } from './field-limits';

/** `text(limits.ContactInput.name)`: a trimmed string of at most the stated length. */
export function text(limit: { maxLength: number }, tooLong: string = atMost(limit.maxLength)) {
  return z.string().trim().max(limit.maxLength, tooLong);
}
