// Reuse of a year's paper: GET /api/olympiad/{id}/question-bank, the paper as a documented JSON file to
// build next year's from, and the imports that add modules to this paper (never replacing what is
// there), asked first when the olympiad is open (see paper-change).
import { api, call } from '@olympiad/shared/api/client';
import { usePaperMutation } from './paper-change';
import type { CsvImport, QuestionBank } from './paper-types';

export function exportQuestionBank(olympiadId: number) {
  return call(api.GET('/api/olympiad/{id}/question-bank', { params: { path: { id: olympiadId } } }));
}

const imported = (counts: { modules: number; questions: number }) => `Added ${counts.modules} module(s) with ${counts.questions} question(s).`;

/** POST /api/olympiad/{id}/question-bank: the modules of a question-bank file. */
export function useImportQuestionBank(olympiadId: number) {
  return usePaperMutation(
    olympiadId,
    (bank: QuestionBank, confirm: boolean) => call(api.POST('/api/olympiad/{id}/question-bank', { params: { path: { id: olympiadId }, query: { confirm } }, body: bank })),
    imported,
  );
}

/** POST /api/olympiad/{id}/question-bank/csv: a simple single-choice bank from CSV, as one new module. */
export function useImportCsv(olympiadId: number) {
  return usePaperMutation(
    olympiadId,
    (body: CsvImport, confirm: boolean) => call(api.POST('/api/olympiad/{id}/question-bank/csv', { params: { path: { id: olympiadId }, query: { confirm } }, body })),
    imported,
  );
}
