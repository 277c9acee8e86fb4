// POST /api/sitting/declaration: the attempt begins on this device, which keeps the key it is given.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { attemptHeaders, keepAttemptKey } from '../attempt-key';
import { sittingKeys } from './get-sitting';

export async function acceptDeclaration() {
  const view = unwrap(await call(api.POST('/api/sitting/declaration', { headers: attemptHeaders(), body: { accepted: true } })));
  if (view.attemptKey) keepAttemptKey(view.attemptKey);
  return view;
}

export function useAcceptDeclaration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptDeclaration,
    onSuccess: (view) => queryClient.setQueryData(sittingKeys.view(), view),
  });
}
