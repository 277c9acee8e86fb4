// DELETE /api/question/{id}.
import { api, call } from '@olympiad/shared/api/client';

export function deleteQuestion(id: number, confirm: boolean) {
  return call(api.DELETE('/api/question/{id}', { params: { path: { id }, query: { confirm } } }));
}
