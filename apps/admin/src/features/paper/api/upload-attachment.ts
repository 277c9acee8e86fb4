// POST /api/attachment/upload?olympiadId (multipart, one part named `file`). The server judges the type
// from the content and refuses other types (415) and files over its limit (413) with a sentence to show;
// a 403 comes back as a failure with the server's message, as for every upload.
import { uploadFiles } from '@olympiad/shared/api/upload';
import { withQuery } from '@olympiad/shared/api/raw-request';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import type { Attachment } from './get-attachments';
import { paperKeys } from './paper-types';

export function uploadAttachment(olympiadId: number | null, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  const path = withQuery('/api/attachment/upload', { olympiadId });
  return uploadFiles<Attachment>({ path }, form);
}

/** One file; the caller says what came of it (the File Manager names each, a question keeps only images). */
export function useUploadAttachment() {
  return useApiMutation({
    mutationFn: ({ olympiadId, file }: { olympiadId: number | null; file: File }) => uploadAttachment(olympiadId, file),
    invalidates: () => [paperKeys.allAttachments()],
  });
}
