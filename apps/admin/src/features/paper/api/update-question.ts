// PUT /api/question/{id}: the question as the editor holds it; the server sanitises its rich text.
import { api, call } from '@olympiad/shared/api/client';
import type { QuestionInput } from './paper-types';

export function updateQuestion(id: number, input: QuestionInput, confirm: boolean) {
  return call(api.PUT('/api/question/{id}', { params: { path: { id }, query: { confirm } }, body: input }));
}
