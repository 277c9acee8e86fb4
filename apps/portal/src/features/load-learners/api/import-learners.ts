// Loading learners from a spreadsheet: GET /api/learner/template (XLSX or CSV), POST
// /api/learner/import/preview (the file, checked row by row; nothing written) and POST /api/learner/import
// (the rows the teacher kept, entered in one transaction; answers their sign-ins).
import { api, call } from '@olympiad/shared/api/client';
import { downloadFile } from '@olympiad/shared/api/download';
import { uploadFiles } from '@olympiad/shared/api/upload';
import type { components } from '@olympiad/shared/api/schema';
import { participantKeys } from '@olympiad/shared/features/learners/api/participants';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { mySchoolKeys } from '../../school/api/get-my-school';

export type RosterRow = components['schemas']['RosterRow'];
export type ImportPreview = components['schemas']['PreviewRow'][];

export function downloadTemplate(format: 'xlsx' | 'csv') {
  return downloadFile('GET', '/api/learner/template', { query: { format }, fallbackName: `learners.${format}` });
}

function previewImport(schoolParticipantId: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return uploadFiles<{ rows: ImportPreview; good: number; bad: number }>({ path: `/api/learner/import/preview?schoolParticipantId=${schoolParticipantId}` }, form);
}

/** The file checked row by row: it changes nothing, so it says nothing and refreshes nothing. */
export function usePreviewImport() {
  return useApiMutation({ mutationFn: ({ schoolParticipantId, file }: { schoolParticipantId: number; file: File }) => previewImport(schoolParticipantId, file) });
}

function commitImport(schoolParticipantId: number, rows: RosterRow[]) {
  return call(api.POST('/api/learner/import', { params: { query: { schoolParticipantId } }, body: { rows } }));
}

/** The loaded learners join the list below, and the school's count of learners. */
export function useCommitImport() {
  return useApiMutation({
    mutationFn: ({ schoolParticipantId, rows }: { schoolParticipantId: number; rows: RosterRow[] }) => commitImport(schoolParticipantId, rows),
    success: (credentials) => `${credentials.length} learners are loaded.`,
    invalidates: () => [participantKeys.all, mySchoolKeys.all],
  });
}
