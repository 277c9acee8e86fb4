// POST /api/olympiad/{id}/question-bank: the modules of a question-bank file added to this paper (never
// replacing what is there).
import { api, call } from '@olympiad/shared/api/client';
import type { QuestionBank } from './paper-types';

export function importQuestionBank(olympiadId: number, bank: QuestionBank, confirm: boolean) {
  return call(api.POST('/api/olympiad/{id}/question-bank', { params: { path: { id: olympiadId }, query: { confirm } }, body: bank }));
}
