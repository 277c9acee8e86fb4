// GET /api/olympiad/verify/{id}: is the paper ready to open? The problems, errors first.
import { useQuery } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { paperKeys } from './paper-types';

export async function verifyPaper(olympiadId: number) {
  return unwrap(await call(api.GET('/api/olympiad/verify/{id}', { params: { path: { id: olympiadId } } })));
}

export type Verification = Awaited<ReturnType<typeof verifyPaper>>;

export function useVerification(olympiadId: number | null) {
  return useQuery({
    queryKey: paperKeys.verification(olympiadId ?? 0),
    queryFn: () => verifyPaper(olympiadId ?? 0),
    enabled: olympiadId !== null,
  });
}
