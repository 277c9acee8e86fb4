// The client's checks before the server's own (which has the final word and names the field). No zod
// here: the reset page is a lean page.
import { limits } from '@olympiad/shared/lib/field-limits';

export const MIN_PASSWORD_LENGTH = limits.SetPasswordRequest.password.minLength;

export const PASSWORD_TOO_SHORT = `Use at least ${MIN_PASSWORD_LENGTH} characters`;
export const PASSWORDS_DIFFER = 'The two passwords differ';

export function checkNewPassword(password: string): true | string {
  return password.length >= MIN_PASSWORD_LENGTH || PASSWORD_TOO_SHORT;
}
