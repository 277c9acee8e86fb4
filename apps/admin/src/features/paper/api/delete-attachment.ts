// DELETE /api/attachment/{id}?uploadId: refused (409 `in_use`) while questions show the file.
import { api, call } from '@olympiad/shared/api/client';

export function deleteAttachment(id: number, uploadId: number) {
  return call(api.DELETE('/api/attachment/{id}', { params: { path: { id }, query: { uploadId } } }));
}
