// POST /api/question: a new question at the end of its module (`moduleId` in the body). Without a correct
// answer it is kept as a draft, which Verify reports.
import { api, call } from '@olympiad/shared/api/client';
import type { QuestionInput } from './paper-types';

export function createQuestion(input: QuestionInput, confirm: boolean) {
  return call(api.POST('/api/question', { params: { query: { confirm } }, body: input }));
}
