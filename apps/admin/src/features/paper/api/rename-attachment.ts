// POST /api/attachment/{id}/update-filename?uploadId&filename.
import { api, call } from '@olympiad/shared/api/client';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { paperKeys } from './paper-types';

export function renameAttachment(id: number, uploadId: number, filename: string) {
  return call(api.POST('/api/attachment/{id}/update-filename', { params: { path: { id }, query: { uploadId, filename } } }));
}

export function useRenameAttachment() {
  return useApiMutation({
    mutationFn: ({ file, filename }: { file: { id: number; uploadId: number }; filename: string }) => renameAttachment(file.id, file.uploadId, filename),
    invalidates: () => [paperKeys.allAttachments()],
  });
}
