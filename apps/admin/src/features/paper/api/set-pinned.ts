// POST /api/olympiad/set-pinned?olympiadId: pins the olympiad (or unpins it with `pinned=false`).
import { api, call } from '@olympiad/shared/api/client';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { paperKeys } from './paper-types';

export function setPinned(olympiadId: number, pinned: boolean) {
  return call(api.POST('/api/olympiad/set-pinned', { params: { query: { olympiadId, pinned } } }));
}

export function useSetPinned() {
  return useApiMutation({
    mutationFn: ({ olympiadId, pinned }: { olympiadId: number; pinned: boolean }) => setPinned(olympiadId, pinned),
    update: (queryClient, olympiad, { olympiadId }) => queryClient.setQueryData(paperKeys.settings(olympiadId), olympiad),
    success: (olympiad) => (olympiad.isPinned ? 'Pinned.' : 'No longer pinned.'),
  });
}
