// Changing the paper of an open olympiad, which learners may be writing, is answered 409 `paper_in_use`
// until the admin confirms; the server then writes the change to the activity log.
import type { ApiResult } from '@olympiad/shared/api/envelope';
import { useApiMutation, type ApiMutationOptions } from '@olympiad/shared/resource/use-api-mutation';
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
 * A change of the paper as every paper screen makes it: asked first when the olympiad is open (null when
 * the admin says no), and once made, what the paper screens show of the olympiad (its modules,
 * questions, Verify, its files) loads again. The refusal is the caller's to show, on a form's fields or
 * in an alert.
 */
export function usePaperMutation<Vars, Data>(
  olympiadId: number | null,
  send: (vars: Vars, confirm: boolean) => Promise<ApiResult<Data>>,
  success?: ApiMutationOptions<Vars, Data>['success'],
) {
  const ask = useConfirm();
  return useApiMutation({
    mutationFn: (vars: Vars) => changePaper((confirm) => send(vars, confirm), ask),
    success,
    invalidates: () => (olympiadId === null ? [] : [paperKeys.olympiad(olympiadId), paperKeys.attachments(olympiadId)]),
  });
}
