// A change made from a button outside a grid (merging two schools, new passwords for every learner):
// asked first, then sent, its refusal alerted; `then` goes on with the answer. `running` is true while
// it is on its way, for the button's spinner. A grid's row actions do the same through `changeAction`.
import { useState } from 'react';
import type { ApiResult } from '../api/envelope';
import { alertRefusal } from './row-actions';
import { useConfirm, type ConfirmOptions } from '../ui/confirm/confirm-dialog';

export type ConfirmedChange = {
  run: <Result extends ApiResult<unknown>>(ask: ConfirmOptions, change: () => Promise<Result>, then?: (data: Extract<Result, { ok: true }>['data']) => void) => Promise<void>;
  running: boolean;
};

export function useConfirmedChange(): ConfirmedChange {
  const confirm = useConfirm();
  const [running, setRunning] = useState(false);
  return {
    running,
    run: async (ask, change, then) => {
      if (!(await confirm(ask))) return;
      setRunning(true);
      const result = await change().finally(() => setRunning(false));
      if (!result.ok) return alertRefusal(result);
      then?.((result as Extract<typeof result, { ok: true }>).data);
    },
  };
}
