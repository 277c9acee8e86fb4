// GET /api/upload (overlord): every stored file, once however often it was attached, with its count.
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { paperKeys } from './paper-types';

export async function getUploads() {
  return unwrap(await call(api.GET('/api/upload')));
}

export type UploadRow = Awaited<ReturnType<typeof getUploads>>[number];

export function uploadsQuery() {
  return { queryKey: paperKeys.uploads(), queryFn: getUploads };
}
