// GET /api/results/school: the school's released results, its appeals (GET /api/results/appeals/school,
// POST /api/results/appeals), and its certificates as one ZIP
// (GET /api/certificate/download); its answer sheets for writing on paper (GET /api/results/paper/sheets).
import { useQuery } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { downloadFile } from '@olympiad/shared/api/download';
import { alertError } from '@olympiad/shared/feedback/notifications';
import type { components } from '@olympiad/shared/api/schema';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';

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

export type SchoolAppeal = Awaited<ReturnType<typeof getSchoolAppeals>>[number];
export type LodgeInput = components['schemas']['LodgeInput'];

async function getSchoolAppeals(schoolParticipantId: number) {
  return unwrap(await call(api.GET('/api/results/appeals/school', { params: { query: { schoolParticipantId } } })));
}

/** The school's appeals and their outcomes. */
export function useSchoolAppeals(schoolParticipantId: number) {
  return useQuery({ queryKey: ['school-appeals', schoolParticipantId], queryFn: () => getSchoolAppeals(schoolParticipantId) });
}

/** An appeal for a learner of the released results: it waits in the olympiad office's queue. */
export function useLodgeAppeal() {
  return useApiMutation({
    mutationFn: (body: LodgeInput) => call(api.POST('/api/results/appeals', { body })),
    success: 'The appeal is lodged: the olympiad office decides it and the outcome shows here.',
    invalidates: (body) => [['school-appeals', body.schoolParticipantId]],
  });
}
