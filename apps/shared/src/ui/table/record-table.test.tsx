// A table of records the screen holds: one heading per column, one row per record in order, each cell
// as its column shows it, and the table named for assistive technology.
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { RecordTable, type TableColumn } from './record-table';

type Grade = { grade: number; learners: number; mean: number };
const columns: TableColumn<Grade>[] = [
  { header: 'Grade', cell: (g) => g.grade },
  { header: 'Learners', cell: (g) => g.learners },
  { header: <span className="visually-hidden">Mean</span>, cell: (g) => <strong>{g.mean.toFixed(1)}</strong> },
];

describe('RecordTable', () => {
  it('shows a heading per column and a row per record, each cell as its column says', () => {
    const rows: Grade[] = [
      { grade: 10, learners: 31, mean: 42.25 },
      { grade: 11, learners: 27, mean: 38 },
    ];
    render(<RecordTable label="Scores per grade" rows={rows} rowKey={(g) => g.grade} columns={columns} />, { wrapper: MantineProvider });
    const table = screen.getByRole('table', { name: 'Scores per grade' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Grade', 'Learners', 'Mean']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getAllByRole('cell').map((td) => td.textContent)).toEqual(['10', '31', '42.3']);
    expect(within(second!).getAllByRole('cell').map((td) => td.textContent)).toEqual(['11', '27', '38.0']);
  });

  it('has a heading row and no other when there are no records, or one that says so', () => {
    const { unmount } = render(<RecordTable label="Outliers" rows={[]} rowKey={(g: Grade) => g.grade} columns={columns} />, { wrapper: MantineProvider });
    expect(within(screen.getByRole('table', { name: 'Outliers' })).getAllByRole('row')).toHaveLength(1);
    unmount();
    render(<RecordTable label="Outliers" rows={[]} rowKey={(g: Grade) => g.grade} columns={columns} empty="No score stands out." />, { wrapper: MantineProvider });
    const [, nothing] = within(screen.getByRole('table', { name: 'Outliers' })).getAllByRole('row');
    expect(within(nothing!).getByRole('cell', { name: 'No score stands out.' })).toHaveAttribute('colspan', '3');
  });

  it('goes without a name when the screen gives it none', () => {
    render(<RecordTable rows={[]} rowKey={(g: Grade) => g.grade} columns={columns} striped />, { wrapper: MantineProvider });
    expect(screen.getByRole('table')).not.toHaveAttribute('aria-label');
  });
});
