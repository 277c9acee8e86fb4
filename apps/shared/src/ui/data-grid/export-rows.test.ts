import { describe, expect, it } from 'vitest';
import { toCsv } from './export-rows';
import type { GridColumn } from './grid-types';

type Row = { name: string; note: string | null; paid: boolean; amount: number; at: Date };

const columns: GridColumn<Row>[] = [
  { id: 'name', header: 'Name', value: (r) => r.name },
  { id: 'note', header: 'Note, if any', value: (r) => r.note },
  { id: 'paid', header: 'Paid', value: (r) => r.paid },
  { id: 'amount', header: 'Amount', value: (r) => r.amount },
  { id: 'at', header: 'At', value: (r) => r.at },
  { id: 'actions', header: 'Actions', value: () => 'x', exportable: false },
];

describe('toCsv', () => {
  it('writes a header and one line per row, quoting what needs it', () => {
    const csv = toCsv(columns, [
      { name: 'Sipho "SK" Khumalo', note: 'line one\nline two', paid: true, amount: -120.5, at: new Date('2026-03-01T08:00:00Z') },
      { name: 'Anna', note: null, paid: false, amount: 0, at: new Date('2026-03-02T08:00:00Z') },
    ]);
    expect(csv).toBe(
      '\uFEFFName,"Note, if any",Paid,Amount,At\r\n' +
        '"Sipho ""SK"" Khumalo","line one\nline two",Yes,-120.5,2026-03-01T08:00:00.000Z\r\n' +
        'Anna,,No,0,2026-03-02T08:00:00.000Z\r\n',
    );
  });

  it('defuses text that a spreadsheet would run as a formula', () => {
    const csv = toCsv(columns.slice(0, 1), [{ name: '=HYPERLINK("http://x")', note: null, paid: false, amount: 0, at: new Date(0) }]);
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""http://x"")"`);
  });
});
