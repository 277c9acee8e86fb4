// GET /api/olympiad/set-olympiad-open/{query}: opens (or with `open=false` closes) the olympiad. Opening
// is refused with `not_ready` while Verify finds errors.
import { api, call } from '@olympiad/shared/api/client';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { paperKeys } from './paper-types';

export const NOT_READY = 'not_ready';

export function setOlympiadOpen(olympiadId: number, open: boolean) {
  return call(api.GET('/api/olympiad/set-olympiad-open/{query}', { params: { path: { query: olympiadId }, query: { open } } }));
}

export function useSetOlympiadOpen() {
  return useApiMutation({
    mutationFn: ({ olympiadId, open }: { olympiadId: number; open: boolean }) => setOlympiadOpen(olympiadId, open),
    update: (queryClient, olympiad, { olympiadId }) => queryClient.setQueryData(paperKeys.settings(olympiadId), olympiad),
    success: (_, { open }) => (open ? 'The olympiad is open.' : 'The olympiad is closed.'),
  });
}
