// DELETE /api/attachment/{id}?uploadId: refused (409 `in_use`) while questions show the file.
import { api, call } from '@olympiad/shared/api/client';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { paperKeys } from './paper-types';

export function deleteAttachment(id: number, uploadId: number) {
  return call(api.DELETE('/api/attachment/{id}', { params: { path: { id }, query: { uploadId } } }));
}

export function useDeleteAttachment() {
  return useApiMutation({
    mutationFn: (file: { id: number; uploadId: number; filename: string }) => deleteAttachment(file.id, file.uploadId),
    success: (_, file) => `${file.filename} deleted.`,
    invalidates: () => [paperKeys.allAttachments()],
  });
}
