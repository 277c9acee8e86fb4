// POST /api/sitting/recover: this device takes the attempt over with the recovery code (the other one
// stops), and keeps the new key.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { keepAttemptKey } from '../attempt-key';
import { sittingKeys } from './get-sitting';

export async function recoverAttempt(recoveryCode: string) {
  const view = unwrap(await call(api.POST('/api/sitting/recover', { body: { recoveryCode } })));
  if (view.attemptKey) keepAttemptKey(view.attemptKey);
  return view;
}

export function useRecoverAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recoverAttempt,
    onSuccess: (view) => {
      queryClient.setQueryData(sittingKeys.view(), view);
      queryClient.removeQueries({ queryKey: sittingKeys.paper() });
    },
  });
}
