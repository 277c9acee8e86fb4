// POST /api/attachment/{id}/update-filename?uploadId&filename.
import { api, call } from '@olympiad/shared/api/client';

export function renameAttachment(id: number, uploadId: number, filename: string) {
  return call(api.POST('/api/attachment/{id}/update-filename', { params: { path: { id }, query: { uploadId, filename } } }));
}
