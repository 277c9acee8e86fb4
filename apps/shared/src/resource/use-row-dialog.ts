// A dialog about one row (its team, its files, a release): which row it is open for, if any.
import { useState } from 'react';

export type RowDialog<Row> = { row: Row | null; opened: boolean; open: (row: Row) => void; close: () => void };

export function useRowDialog<Row>(): RowDialog<Row> {
  const [row, setRow] = useState<Row | null>(null);
  return { row, opened: row !== null, open: setRow, close: () => setRow(null) };
}
