// POST /api/olympiad/set-pinned?olympiadId: pins the olympiad (or unpins it with `pinned=false`).
import { api, call } from '@olympiad/shared/api/client';

export function setPinned(olympiadId: number, pinned: boolean) {
  return call(api.POST('/api/olympiad/set-pinned', { params: { query: { olympiadId, pinned } } }));
}
