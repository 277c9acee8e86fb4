// Certificate runs: GET /api/certificate/generation-status and /send-status (watched while a run is
// under way), /list/{id}, /moderated; POST /generate, /send, /pause; one school again
// (/api/certificates/regenerate-and-send-to-school); a school's ZIP (/api/certificate/download).
import { useQuery } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { downloadFile } from '@olympiad/shared/api/download';
import { alertError } from '@olympiad/shared/feedback/notifications';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';

export const certificateKeys = {
  all: ['certificates'] as const,
  status: (olympiadId: number) => [...certificateKeys.all, 'status', olympiadId] as const,
  list: (olympiadId: number) => [...certificateKeys.all, 'list', olympiadId] as const,
  moderated: (olympiadId: number) => [...certificateKeys.all, 'moderated', olympiadId] as const,
};

/** How often a run under way is looked at. */
const WATCH_MS = 2000;

export async function getSendStatus(olympiadId: number) {
  return unwrap(await call(api.GET('/api/certificate/send-status', { params: { query: { olympiadId } } })));
}

export async function getGenerationStatus(olympiadId: number) {
  return unwrap(await call(api.GET('/api/certificate/generation-status', { params: { query: { olympiadId } } })));
}

export type RunStatus = Awaited<ReturnType<typeof getSendStatus>>;

/** Whether anything is still to happen: schools waiting, or sending that is not paused with schools unsent. */
export function underWay(status: RunStatus | undefined): boolean {
  if (!status?.run) return false;
  return status.waiting > 0 || (status.run.sending && !status.run.paused && status.made > 0);
}

export function useRunStatus(olympiadId: number) {
  return useQuery({
    queryKey: certificateKeys.status(olympiadId),
    queryFn: async () => ({ generation: await getGenerationStatus(olympiadId), sending: await getSendStatus(olympiadId) }),
    refetchInterval: (query) => (underWay(query.state.data?.sending) ? WATCH_MS : false),
  });
}

export async function getBatches(olympiadId: number) {
  return unwrap(await call(api.GET('/api/certificate/list/{id}', { params: { path: { id: olympiadId } } })));
}

export type Batch = Awaited<ReturnType<typeof getBatches>>[number];

export function useBatches(olympiadId: number, watch: boolean) {
  return useQuery({ queryKey: certificateKeys.list(olympiadId), queryFn: () => getBatches(olympiadId), refetchInterval: watch ? WATCH_MS : false });
}

export async function getModeratedCertificates(olympiadId: number) {
  return unwrap(await call(api.GET('/api/certificate/moderated', { params: { query: { olympiadId } } })));
}

export function useModeratedCertificates(olympiadId: number) {
  return useQuery({ queryKey: certificateKeys.moderated(olympiadId), queryFn: () => getModeratedCertificates(olympiadId) });
}

const stale = () => [certificateKeys.all];

export function useGenerate() {
  return useApiMutation({
    mutationFn: (olympiadId: number) => call(api.POST('/api/certificate/generate', { params: { query: { olympiadId } } })),
    success: 'The certificates are being made.',
    invalidates: stale,
  });
}

export function useSend() {
  return useApiMutation({
    mutationFn: (olympiadId: number) => call(api.POST('/api/certificate/send', { params: { query: { olympiadId } } })),
    success: 'The certificates are being sent.',
    invalidates: stale,
  });
}

export function usePause() {
  return useApiMutation({
    mutationFn: (olympiadId: number) => call(api.POST('/api/certificate/pause', { params: { query: { olympiadId } } })),
    success: 'Sending is paused.',
    invalidates: stale,
  });
}

export function useRegenerate() {
  return useApiMutation({
    mutationFn: (schoolParticipantId: number) =>
      call(api.GET('/api/certificates/regenerate-and-send-to-school', { params: { query: { schoolParticipantId } } })),
    success: "The school's certificates are made again and will be sent.",
    invalidates: stale,
  });
}

export async function downloadSchoolZip(schoolParticipantId: number) {
  const result = await downloadFile('GET', '/api/certificate/download', {
    query: { schoolParticipantId },
    fallbackName: 'certificates.zip',
  });
  if (!result.ok) alertError(result.message);
}
