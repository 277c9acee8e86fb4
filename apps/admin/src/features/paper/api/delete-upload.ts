// DELETE /api/upload/delete/{id}?filename (overlord): the stored file, when no olympiad uses it.
import { api, call } from '@olympiad/shared/api/client';

export function deleteUpload(id: number, filename: string) {
  return call(api.DELETE('/api/upload/delete/{id}', { params: { path: { id }, query: { filename } } }));
}
