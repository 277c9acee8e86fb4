// GET /api/olympiad/{id}/question-bank: the paper as a documented JSON file, to build next year's from.
import { api, call } from '@olympiad/shared/api/client';

export function exportQuestionBank(olympiadId: number) {
  return call(api.GET('/api/olympiad/{id}/question-bank', { params: { path: { id: olympiadId } } }));
}
