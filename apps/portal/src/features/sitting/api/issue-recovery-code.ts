// POST /api/sitting/recovery-code: a fresh code, shown once, while the attempt is being prepared.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { attemptHeaders } from '../attempt-key';
import { sittingKeys } from './get-sitting';

export async function issueRecoveryCode(): Promise<string> {
  return unwrap(await call(api.POST('/api/sitting/recovery-code', { headers: attemptHeaders() }))).recoveryCode;
}

export function useIssueRecoveryCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueRecoveryCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sittingKeys.view() }),
  });
}
