// General copy: GET /api/copy?olympiadId= (an olympiad's, or without it the platform's own) and
// PUT /api/copy (write one, creating it the first time).
import { useQuery } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import type { components } from '@olympiad/shared/api/schema';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';

export type GeneralCopyInput = components['schemas']['GeneralCopyInput'];

export const copyKeys = {
  all: ['general-copy'] as const,
  of: (olympiadId: number | undefined) => [...copyKeys.all, olympiadId ?? 'platform'] as const,
};

async function getGeneralCopies(olympiadId: number | undefined) {
  return unwrap(await call(api.GET('/api/copy', { params: { query: olympiadId === undefined ? {} : { olympiadId } } })));
}

export type GeneralCopy = Awaited<ReturnType<typeof getGeneralCopies>>[number];

export function useGeneralCopies(olympiadId: number | undefined) {
  return useQuery({ queryKey: copyKeys.of(olympiadId), queryFn: () => getGeneralCopies(olympiadId) });
}

export function useSaveGeneralCopy() {
  return useApiMutation({
    mutationFn: (body: GeneralCopyInput) => call(api.PUT('/api/copy', { body })),
    success: 'The copy is published.',
    invalidates: () => [copyKeys.all],
  });
}
