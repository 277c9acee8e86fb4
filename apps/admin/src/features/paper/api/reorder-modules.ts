// POST /api/question-module/reorder: every module of the olympiad, in the new order.
import { api, call } from '@olympiad/shared/api/client';

export function reorderModules(olympiadId: number, ids: number[], confirm: boolean) {
  return call(api.POST('/api/question-module/reorder', { params: { query: { confirm } }, body: { olympiadId, ids } }));
}
