// POST /api/question/reorder: every question of the module, in the new order.
import { api, call } from '@olympiad/shared/api/client';

export function reorderQuestions(moduleId: number, ids: number[], confirm: boolean) {
  return call(api.POST('/api/question/reorder', { params: { query: { confirm } }, body: { moduleId, ids } }));
}
