// Renames one of the olympiad's files (the name people see; the stored file stays the same).
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useZodForm } from '@olympiad/shared/ui/form/use-zod-form';
import { FormAlert, SubmitButton, TextField } from '@olympiad/shared/ui/form/form-fields';
import { applyServerErrors } from '@olympiad/shared/ui/form/server-errors';
import type { Attachment } from '../api/get-attachments';
import { useRenameAttachment } from '../api/rename-attachment';

const renameSchema = z.object({ filename: z.string().trim().min(1, 'Give the file a name').max(200, 'At most 200 characters') });

export function RenameFileModal({ file, onClose }: { file: Attachment | null; onClose: () => void }) {
  const rename = useRenameAttachment();
  const form = useZodForm(renameSchema, { filename: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const { reset } = form;

  useEffect(() => {
    if (file) {
      reset({ filename: file.filename });
      setFormError(null);
    }
  }, [file, reset]);

  const submit = form.handleSubmit(async ({ filename }) => {
    if (!file) return;
    const result = await rename.mutateAsync({ file, filename });
    if (!result.ok) {
      setFormError(applyServerErrors(result, (name, error) => form.setError(name as 'filename', error), ['filename']));
      return;
    }
    onClose();
  });

  return (
    <Modal opened={file !== null} onClose={onClose} title="Rename file">
      <form onSubmit={submit} noValidate>
        <FormAlert message={formError} />
        <Stack>
          <TextField control={form.control} name="filename" label="File name" required />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton submitting={form.formState.isSubmitting}>Rename</SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
