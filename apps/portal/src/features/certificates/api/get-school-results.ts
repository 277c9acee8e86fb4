// GET /api/results/school: the school's released results, and its certificates as one ZIP
// (GET /api/certificate/download).
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
