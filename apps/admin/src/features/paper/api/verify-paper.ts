// GET /api/olympiad/verify/{id}: is the paper ready to open? The problems, errors first.
import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { paperKeys } from './paper-types';

export async function verifyPaper(olympiadId: number) {
  return unwrap(await call(api.GET('/api/olympiad/verify/{id}', { params: { path: { id: olympiadId } } })));
}

export type Verification = Awaited<ReturnType<typeof verifyPaper>>;

export function verificationQuery(olympiadId: number) {
  return queryOptions({ queryKey: paperKeys.verification(olympiadId), queryFn: () => verifyPaper(olympiadId) });
}

export function useVerification(olympiadId: number | null) {
  return useQuery({ ...verificationQuery(olympiadId ?? 0), enabled: olympiadId !== null });
}

/** Verify again, on the paper as it now is: the paper is read again with it. */
export function useVerifyAgain(olympiadId: number | null) {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    if (olympiadId !== null) await queryClient.invalidateQueries({ queryKey: paperKeys.olympiad(olympiadId) });
  }, [olympiadId, queryClient]);
}
