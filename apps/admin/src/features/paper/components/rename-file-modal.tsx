// Renames one of the olympiad's files (the name people see; the stored file stays the same). The server
// cleans the name (no folders, no control characters) and keeps at most its first 200 characters.
import { z } from 'zod';
import { TextField } from '@olympiad/shared/ui/form/form-fields';
import { EditorModal } from '@olympiad/shared/resource/editor-modal';
import { useResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import type { Attachment } from '../api/get-attachments';
import { useRenameAttachment } from '../api/rename-attachment';

const renameSchema = z.object({ filename: z.string().trim().min(1, 'Give the file a name') });

/** The rename dialog's editor: `edit(file)` opens it on a file. */
export function useRenameEditor() {
  const rename = useRenameAttachment();
  return useResourceEditor({
    schema: renameSchema,
    empty: { filename: '' },
    valuesOf: (file: Attachment) => ({ filename: file.filename }),
    save: async ({ filename }, file) => (file ? rename.mutateAsync({ file, filename }) : null),
  });
}

export function RenameFileModal({ editor }: { editor: ReturnType<typeof useRenameEditor> }) {
  return (
    <EditorModal editor={editor} title={() => 'Rename file'} size="md" submitLabel="Rename">
      <TextField control={editor.form.control} name="filename" label="File name" required />
    </EditorModal>
  );
}
