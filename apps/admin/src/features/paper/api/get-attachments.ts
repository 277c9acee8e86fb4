// GET /api/attachment?olympiadId: an olympiad's files with the questions that show them; the overlord
// leaves olympiadId out for every file of every olympiad.
import { useQuery } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { paperKeys } from './paper-types';

export async function getAttachments(olympiadId: number | null) {
  const query = olympiadId === null ? {} : { olympiadId };
  return unwrap(await call(api.GET('/api/attachment', { params: { query } })));
}

export type Attachment = Awaited<ReturnType<typeof getAttachments>>[number];

export function attachmentsQuery(olympiadId: number | null) {
  return { queryKey: paperKeys.attachments(olympiadId), queryFn: () => getAttachments(olympiadId) };
}

export function useAttachments(olympiadId: number | null, enabled = true) {
  return useQuery({ ...attachmentsQuery(olympiadId), enabled });
}

export const isImage = (attachment: Pick<Attachment, 'contentType'>) => attachment.contentType.startsWith('image/');
