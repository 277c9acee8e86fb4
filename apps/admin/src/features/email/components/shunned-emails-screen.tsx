// Shunned Emails (overlord): addresses that get no more mail (a hard bounce, a complaint, or soft
// bounces piling up), why, and taking one off the list once it works again.
import { Text } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { GridScreen } from '@olympiad/shared/resource/grid-screen';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import { deleteAction } from '@olympiad/shared/resource/row-actions';
import { shunnedQuery, useForgiveShunned, type ShunnedRow } from '../api/email-api';
import { EmailHealthCheck } from './email-health-check';

const columns: GridColumn<ShunnedRow>[] = [
  { id: 'email', header: 'Address', value: (s) => s.email },
  { id: 'reason', header: 'Why', value: (s) => s.reason, sortable: false },
  { id: 'createdAt', header: 'Since', value: (s) => parseServerTime(s.createdAt), cell: (s) => <Text size="sm">{formatDateTime(parseServerTime(s.createdAt))}</Text>, searchable: false, width: 170 },
];

export function ShunnedEmailsScreen({ route }: ScreenComponentProps) {
  const grid = useWholeListGrid(shunnedQuery(), columns);
  const forgive = useForgiveShunned();
  const rowActions: RowAction<ShunnedRow>[] = [
    deleteAction<ShunnedRow>({ label: 'Take off the list', confirm: (s) => ({ title: `Mail ${s.email} again?`, message: 'Only when the address is known to work again: bounces hurt the sender for everyone.' }), change: (s) => forgive.mutateAsync(s.id) }),
  ];
  return (
    <GridScreen title={route.title} description="Addresses that bounced for good or complained: no mail goes to them.">
      <EmailHealthCheck />
      <DataGrid<ShunnedRow> label="Shunned addresses" {...grid} columns={columns} getRowId={(s) => String(s.id)} exportName="shunned-emails" rowActions={rowActions} initialSort={[{ id: 'createdAt', desc: true }]} searchPlaceholder="Search by address" />
    </GridScreen>
  );
}
