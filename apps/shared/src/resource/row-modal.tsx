// The dialog of a row dialog (`useRowDialog`): open while a row is chosen, titled after it, its contents
// made from the row.
import type { ReactNode } from 'react';
import { Modal } from '@mantine/core';
import type { RowDialog } from './use-row-dialog';

export function RowModal<Row>({
  dialog,
  title,
  size,
  centered,
  children,
}: {
  dialog: RowDialog<Row>;
  title: (row: Row) => string;
  size?: string;
  centered?: boolean;
  children: (row: Row) => ReactNode;
}) {
  return (
    <Modal opened={dialog.opened} onClose={dialog.close} title={dialog.row ? title(dialog.row) : ''} size={size} centered={centered}>
      {dialog.row && children(dialog.row)}
    </Modal>
  );
}
