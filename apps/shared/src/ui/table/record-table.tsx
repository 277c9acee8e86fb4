// A table of a few records the screen already holds whole (a grade's scores, the changes made, a team):
// each column's heading beside what its cell shows, so that a screen states its columns instead of
// repeating the table's markup. A list the server pages, sorts and searches is a DataGrid.
import type { ReactNode } from 'react';
import { Table, type TableProps } from '@mantine/core';

export type TableColumn<Row> = {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
};

export type RecordTableProps<Row> = Omit<TableProps, 'children'> & {
  /** The table's accessible name; a table that stands under its screen's title and says what it lists (a
   * breakdown after the charts it tabulates, a statement's lines) may go without. */
  label?: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  columns: readonly TableColumn<Row>[];
  /** A row that says there is nothing, when there are no records. */
  empty?: ReactNode;
};

export function RecordTable<Row>({ label, rows, rowKey, columns, empty, ...props }: RecordTableProps<Row>) {
  return (
    <Table aria-label={label} {...props}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column, index) => (
            <Table.Th key={index} scope="col">
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 && empty !== undefined && (
          <Table.Tr>
            <Table.Td colSpan={columns.length}>{empty}</Table.Td>
          </Table.Tr>
        )}
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            {columns.map((column, index) => (
              <Table.Td key={index}>{column.cell(row)}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
