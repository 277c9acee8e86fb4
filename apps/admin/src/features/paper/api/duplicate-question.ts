// POST /api/question/{id}/duplicate: a copy at the end of its module.
import { api, call } from '@olympiad/shared/api/client';

export function duplicateQuestion(id: number, confirm: boolean) {
  return call(api.POST('/api/question/{id}/duplicate', { params: { path: { id }, query: { confirm } } }));
}
