// The rows of an uploaded spreadsheet, each with its problems beside the cell at fault. The teacher fixes
// a cell (its problem clears; the server checks again at loading) or drops the row.
import { Button, Table, Text, TextInput } from '@mantine/core';
import { limits } from '@olympiad/shared/lib/field-limits';
import type { RosterRow } from '../api/import-learners';

export type EditableRow = { key: number; line: number; row: RosterRow; problems: Record<string, string> };

const COLUMNS: { field: keyof RosterRow; label: string; width?: number }[] = [
  { field: 'firstName', label: 'First name' },
  { field: 'lastName', label: 'Last name' },
  { field: 'grade', label: 'Grade', width: 70 },
  { field: 'className', label: 'Class', width: 70 },
  { field: 'gender', label: 'Gender', width: 70 },
  { field: 'language', label: 'Writes in', width: 100 },
  { field: 'email', label: 'E-mail' },
  { field: 'consentGiven', label: 'Consent', width: 80 },
  { field: 'consentBy', label: 'Consent by' },
];

// A cell takes no more than the server's check of a row allows.
const rowLimits: Partial<Record<keyof RosterRow, { maxLength: number }>> = limits.RosterRow;

export function PreviewTable({ rows, onChange, onDrop }: { rows: EditableRow[]; onChange: (key: number, field: keyof RosterRow, value: string) => void; onDrop: (key: number) => void }) {
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table aria-label="Learners to load" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            {COLUMNS.map((c) => (
              <Table.Th key={c.field} style={c.width ? { width: c.width } : undefined}>
                {c.label}
              </Table.Th>
            ))}
            <Table.Th>
              <span className="visually-hidden">Drop</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const bad = Object.keys(r.problems).length > 0;
            return (
              <Table.Tr key={r.key} bg={bad ? 'var(--mantine-color-red-light)' : undefined} data-row-problem={bad ? 'yes' : 'no'}>
                <Table.Td>
                  <Text size="sm">{r.line}</Text>
                </Table.Td>
                {COLUMNS.map((c) => (
                  <Table.Td key={c.field}>
                    <TextInput
                      size="xs"
                      aria-label={`Row ${r.line} ${c.label}`}
                      value={r.row[c.field] ?? ''}
                      maxLength={rowLimits[c.field]?.maxLength}
                      onChange={(event) => onChange(r.key, c.field, event.currentTarget.value)}
                      error={r.problems[c.field]}
                    />
                  </Table.Td>
                ))}
                <Table.Td>
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => onDrop(r.key)} aria-label={`Drop row ${r.line}`}>
                    Drop
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
