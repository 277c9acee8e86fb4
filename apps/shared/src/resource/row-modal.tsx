// The dialog of a row dialog (`useRowDialog`): open while a row is chosen, titled after it, its contents
// made from the row.
import type { ReactNode } from 'react';
import { Modal } from '@mantine/core';
import type { RowDialog } from './use-row-dialog';

export function RowModal<Row>({ dialog, title, size, children }: { dialog: RowDialog<Row>; title: (row: Row) => string; size?: string; children: (row: Row) => ReactNode }) {
  return (
    <Modal opened={dialog.opened} onClose={dialog.close} title={dialog.row ? title(dialog.row) : ''} size={size}>
      {dialog.row && children(dialog.row)}
    </Modal>
  );
}
