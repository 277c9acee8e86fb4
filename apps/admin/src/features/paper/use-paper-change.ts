// Runs a change of the paper the way every paper screen does: asks first when the olympiad is open,
// shows the server's message when it fails, and refreshes what the paper screens show when it succeeds.
import { useQueryClient } from '@tanstack/react-query';
import type { ApiResult } from '@olympiad/shared/api/envelope';
import { alertError } from '@olympiad/shared/feedback/notifications';
import { useConfirm } from '@olympiad/shared/ui/confirm/confirm-dialog';
import { changePaper } from './api/paper-change';
import { paperKeys } from './api/paper-types';

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
