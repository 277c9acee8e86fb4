// DELETE /api/question-module/{id}: the module and its questions.
import { api, call } from '@olympiad/shared/api/client';

export function deleteModule(id: number, confirm: boolean) {
  return call(api.DELETE('/api/question-module/{id}', { params: { path: { id }, query: { confirm } } }));
}
