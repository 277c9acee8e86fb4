// Answers written on paper: a school's answer sheets (GET /api/results/paper/sheets, a PDF), and the
// spreadsheet of the sheets' answers, checked row by row (POST /api/results/paper/preview) and then
// imported (POST /api/results/paper/import), both as the same uploaded file.
import { useQuery } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { downloadFile } from '@olympiad/shared/api/download';
import { uploadFiles } from '@olympiad/shared/api/upload';
import type { operations } from '@olympiad/shared/api/schema';
import { alertError } from '@olympiad/shared/feedback/notifications';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { resultKeys } from './get-moderation';

export type PaperPreview = operations['results_paper_preview']['responses'][200]['content']['application/json']['data'];
export type PaperImported = operations['results_paper_import']['responses'][200]['content']['application/json']['data'];

/** The schools entered in the olympiad, by name, to choose whose sheets to print. */
export function useEnteredSchools(olympiadId: number) {
  return useQuery({
    queryKey: ['results', 'paper', 'schools', olympiadId],
    queryFn: async () => {
      const page = unwrap(await call(api.GET('/api/school-participant', { params: { query: { olympiadId, pageSize: 500, sort: 'schoolName' } } })));
      return page.rows.map((row) => ({ value: String(row.id), label: row.schoolName }));
    },
  });
}

export async function downloadAnswerSheets(schoolParticipantId: number) {
  const result = await downloadFile('GET', '/api/results/paper/sheets', { query: { schoolParticipantId }, fallbackName: 'answer sheets.pdf' });
  if (!result.ok) alertError(result.message);
}

/** The spreadsheet to type the school's sheets into: the headings the import reads, a row a learner. */
export async function downloadPaperTemplate(schoolParticipantId: number) {
  const result = await downloadFile('GET', '/api/results/paper/template', { query: { schoolParticipantId }, fallbackName: 'paper answers.xlsx' });
  if (!result.ok) alertError(result.message);
}

function asForm(file: File) {
  const form = new FormData();
  form.append('file', file);
  return form;
}

/** Every row checked: nothing is written, so it says and refreshes nothing. */
export function usePreviewPaperAnswers() {
  return useApiMutation({
    mutationFn: ({ olympiadId, file }: { olympiadId: number; file: File }) => uploadFiles<PaperPreview>({ path: `/api/results/paper/preview?olympiadId=${olympiadId}` }, asForm(file)),
  });
}

/** The imported attempts join the results, the moderation figures and the grids. */
export function useImportPaperAnswers() {
  return useApiMutation({
    mutationFn: ({ olympiadId, file }: { olympiadId: number; file: File }) => uploadFiles<PaperImported>({ path: `/api/results/paper/import?olympiadId=${olympiadId}` }, asForm(file)),
    success: (done) => `Paper answers imported: ${done.created} new, ${done.replaced} replaced.`,
    invalidates: () => [resultKeys.all],
  });
}
