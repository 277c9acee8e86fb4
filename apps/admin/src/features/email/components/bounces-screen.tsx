// Bounces (overlord): what the mail provider reported (SES through SNS, the generic webhook, returned
// DSN messages). Hard bounces and complaints shun the address; soft ones are counted.
import { Text } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { GridScreen } from '@olympiad/shared/resource/grid-screen';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import { deleteAction } from '@olympiad/shared/resource/row-actions';
import { bouncesQuery, useDeleteBounce, type BounceRow } from '../api/email-api';

const kinds = ['hard', 'soft', 'complaint'].map((k) => ({ value: k, label: k }));

const columns: GridColumn<BounceRow>[] = [
  { id: 'createdAt', header: 'When', value: (b) => parseServerTime(b.createdAt), cell: (b) => <Text size="sm">{formatDateTime(parseServerTime(b.createdAt))}</Text>, searchable: false, width: 170 },
  { id: 'email', header: 'Address', value: (b) => b.email },
  { id: 'kind', header: 'Kind', value: (b) => b.kind, filter: { type: 'select', options: kinds }, width: 110 },
  { id: 'source', header: 'Reported by', value: (b) => b.source, width: 120 },
  { id: 'detail', header: 'Detail', value: (b) => b.detail, sortable: false },
];

export function BouncesScreen({ route }: ScreenComponentProps) {
  const grid = useWholeListGrid(bouncesQuery(), columns);
  const remove = useDeleteBounce();
  const rowActions: RowAction<BounceRow>[] = [
    deleteAction<BounceRow>({ label: 'Forget', confirm: (b) => ({ title: `Forget this bounce of ${b.email}?`, message: 'Only for a mistaken report. A shunned address stays shunned until it is taken off that list.' }), change: (b) => remove.mutateAsync(b.id) }),
  ];
  return (
    <GridScreen title={route.title} description="Bounces and complaints as the mail provider reported them.">
      <DataGrid<BounceRow> label="Bounces" {...grid} columns={columns} getRowId={(b) => String(b.id)} exportName="bounces" rowActions={rowActions} initialSort={[{ id: 'createdAt', desc: true }]} searchPlaceholder="Search by address" />
    </GridScreen>
  );
}
