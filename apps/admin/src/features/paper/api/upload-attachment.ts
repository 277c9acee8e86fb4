// POST /api/attachment/upload?olympiadId (multipart, one part named `file`). The server judges the type
// from the content and refuses other types (415) and files over its limit (413) with a sentence to show;
// a 403 comes back as a failure with the server's message, as for every upload.
import { uploadFiles } from '@olympiad/shared/api/upload';
import { withQuery } from '@olympiad/shared/api/raw-request';
import type { Attachment } from './get-attachments';

export function uploadAttachment(olympiadId: number | null, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  const path = withQuery('/api/attachment/upload', { olympiadId });
  return uploadFiles<Attachment>({ path }, form);
}
