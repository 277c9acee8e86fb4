// DELETE /api/upload/delete/{id}?filename (overlord): the stored file, when no olympiad uses it.
import { api, call } from '@olympiad/shared/api/client';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { paperKeys } from './paper-types';

export function deleteUpload(id: number, filename: string) {
  return call(api.DELETE('/api/upload/delete/{id}', { params: { path: { id }, query: { filename } } }));
}

export function useDeleteUpload() {
  return useApiMutation({
    mutationFn: (upload: { id: number; filename: string }) => deleteUpload(upload.id, upload.filename),
    success: (_, upload) => `${upload.filename} deleted.`,
    invalidates: () => [paperKeys.uploads()],
  });
}
