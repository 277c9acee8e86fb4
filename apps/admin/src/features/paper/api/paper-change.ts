// Changing the paper of an open olympiad, which learners may be writing, is answered 409 `paper_in_use`
// until the admin confirms; the server then writes the change to the activity log.
import { useQueryClient } from '@tanstack/react-query';
import type { ApiResult } from '@olympiad/shared/api/envelope';
import { alertError } from '@olympiad/shared/feedback/notifications';
import { useConfirm, type ConfirmOptions } from '@olympiad/shared/ui/confirm/confirm-dialog';
import { paperKeys } from './paper-types';

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

/**
 * Runs a change of the paper the way every paper screen does: asks first when the olympiad is open,
 * shows the server's message when it fails, and refreshes what the paper screens show when it succeeds.
 */
export function usePaperChange(olympiadId: number | null) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  /** `showFailure: false` leaves the failure to the caller (a form puts it on its fields). */
  return async function run<T>(
    change: (confirm: boolean) => Promise<ApiResult<T>>,
    showFailure = true,
  ): Promise<ApiResult<T> | null> {
    const result = await changePaper(change, confirm);
    if (result === null) return null;
    if (!result.ok && showFailure) alertError(result.message);
    if (result.ok && olympiadId !== null) {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: paperKeys.olympiad(olympiadId) }),
        queryClient.invalidateQueries({ queryKey: paperKeys.attachments(olympiadId) }),
      ]);
    }
    return result;
  };
}
