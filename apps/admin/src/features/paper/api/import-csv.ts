// POST /api/olympiad/{id}/question-bank/csv: a simple single-choice bank from CSV, as one new module.
import { api, call } from '@olympiad/shared/api/client';
import type { CsvImport } from './paper-types';

export function importCsv(olympiadId: number, body: CsvImport, confirm: boolean) {
  return call(api.POST('/api/olympiad/{id}/question-bank/csv', { params: { path: { id: olympiadId }, query: { confirm } }, body }));
}
