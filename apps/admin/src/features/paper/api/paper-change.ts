// Changing the paper of an open olympiad, which learners may be writing, is answered 409 `paper_in_use`
// until the admin confirms; the server then writes the change to the activity log.
import type { ApiResult } from '@olympiad/shared/api/envelope';
import type { ConfirmOptions } from '@olympiad/shared/ui/confirm/confirm-dialog';

export const PAPER_IN_USE = 'paper_in_use';

/**
 * Runs a change of the paper; when the server says the olympiad is open, asks, and runs it again with
 * `confirm=true`. Answers null when the admin chose not to.
 */
export async function changePaper<T>(
  run: (confirm: boolean) => Promise<ApiResult<T>>,
  ask: (options: ConfirmOptions) => Promise<boolean>,
): Promise<ApiResult<T> | null> {
  const first = await run(false);
  if (first.ok || first.code !== PAPER_IN_USE) return first;
  const confirmed = await ask({
    title: 'The olympiad is open',
    message: `${first.message} The change is written to the activity log.`,
    confirmLabel: 'Change the paper',
    danger: true,
  });
  return confirmed ? run(true) : null;
}
