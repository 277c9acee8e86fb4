// A back-office grid screen as configuration: its title and the line saying what is listed, the grid, and
// when it edits its rows the editor's dialog (its fields are the children) with a "New …" button that only
// those who may call the create operation see. A whole-list grid gets its row ids from `id` and its export
// name from the grid's label.
import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { useCan, type ApiOperation } from '../access/can';
import { DataGrid, type DataGridProps } from '../ui/data-grid/data-grid';
import { EditorModal } from './editor-modal';
import { GridScreen } from './grid-screen';
import type { ResourceEditor } from './use-resource-editor';

type Identified = { id: number | string };

export type ResourceGridProps<Row extends Identified, Schema extends z.ZodType<FieldValues, FieldValues>> = Omit<DataGridProps<Row>, 'getRowId' | 'exportName'> &
  Partial<Pick<DataGridProps<Row>, 'getRowId' | 'exportName'>> & {
    title: string;
    description: ReactNode;
    /** Between the description and the grid: progress, counts, a form of the screen's own. */
    above?: ReactNode;
    /** After the grid: the screen's other dialogs (a row's team, a release). */
    dialogs?: ReactNode;
    editor?: ResourceEditor<Row, Schema>;
    /** The toolbar's button that opens the editor on a new row, and the operation that saves it. */
    create?: { label: string; operation?: ApiOperation };
    /** The dialog's title: the row being changed, or null for a new one. */
    editorTitle?: (row: Row | null) => string;
    editorSize?: string;
    submitLabel?: string | ((row: Row | null) => string);
    /** The editor's fields. */
    children?: ReactNode;
  };

/** `Mass mails` → `mass-mails`: the export's file name when the screen names none. */
export const exportNameOf = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export function ResourceGrid<Row extends Identified, Schema extends z.ZodType<FieldValues, FieldValues> = z.ZodType<FieldValues, FieldValues>>({
  title,
  description,
  above,
  dialogs,
  editor,
  create,
  editorTitle,
  editorSize,
  submitLabel,
  children,
  toolbar,
  ...grid
}: ResourceGridProps<Row, Schema>) {
  const can = useCan();
  const offerCreate = editor && create && (create.operation === undefined || can(create.operation));
  return (
    <GridScreen title={title} description={description}>
      {above}
      <DataGrid<Row>
        getRowId={(row) => String(row.id)}
        exportName={exportNameOf(grid.label)}
        {...grid}
        toolbar={
          (toolbar || offerCreate) && (
            <>
              {toolbar}
              {offerCreate && <Button onClick={editor.create}>{create.label}</Button>}
            </>
          )
        }
      />
      {editor && (
        <EditorModal editor={editor} title={editorTitle ?? ((row) => (row ? 'Edit' : (create?.label ?? '')))} size={editorSize} submitLabel={submitLabel}>
          {children}
        </EditorModal>
      )}
      {dialogs}
    </GridScreen>
  );
}
