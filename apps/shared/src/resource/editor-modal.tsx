// The dialog of a resource editor: its form's fields as children, the title from the row being changed
// (null while a new one is made).
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { FormModal } from '../ui/form/form-modal';
import type { ResourceEditor } from './use-resource-editor';

export function EditorModal<Row, Schema extends z.ZodType<FieldValues, FieldValues>>({
  editor,
  title,
  size,
  submitLabel,
  submitColor,
  children,
}: {
  editor: ResourceEditor<Row, Schema>;
  title: (row: Row | null) => string;
  size?: string;
  /** Default "Save"; it may name what it does to the row ("Add module", "Save module"). */
  submitLabel?: string | ((row: Row | null) => string);
  submitColor?: string;
  children: ReactNode;
}) {
  return (
    <FormModal
      opened={editor.opened}
      title={title(editor.row)}
      onClose={editor.close}
      onSubmit={editor.submit}
      submitting={editor.submitting}
      error={editor.error}
      size={size}
      submitLabel={typeof submitLabel === 'function' ? submitLabel(editor.row) : submitLabel}
      submitColor={submitColor}
    >
      {children}
    </FormModal>
  );
}
