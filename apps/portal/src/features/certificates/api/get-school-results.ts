// GET /api/results/school: the school's released results, and its certificates as one ZIP
// (GET /api/certificate/download); its answer sheets for writing on paper (GET /api/results/paper/sheets).
import { useQuery } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { downloadFile } from '@olympiad/shared/api/download';
import { alertError } from '@olympiad/shared/feedback/notifications';

async function getSchoolResults(schoolParticipantId: number) {
  return unwrap(await call(api.GET('/api/results/school', { params: { query: { schoolParticipantId } } })));
}

export type SchoolResults = Awaited<ReturnType<typeof getSchoolResults>>;

export function useSchoolResults(schoolParticipantId: number) {
  return useQuery({ queryKey: ['school-results', schoolParticipantId], queryFn: () => getSchoolResults(schoolParticipantId) });
}

export async function downloadCertificates(schoolParticipantId: number) {
  const result = await downloadFile('GET', '/api/certificate/download', { query: { schoolParticipantId }, fallbackName: 'certificates.zip' });
  if (!result.ok) alertError(result.message);
}

/** The school's answer sheets, for writing on paper when there is no power or no devices on the day. */
export async function downloadAnswerSheets(schoolParticipantId: number) {
  const result = await downloadFile('GET', '/api/results/paper/sheets', { query: { schoolParticipantId }, fallbackName: 'answer sheets.pdf' });
  if (!result.ok) alertError(result.message);
}
