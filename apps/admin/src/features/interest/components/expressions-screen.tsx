// Expressions of Interest: teachers and others who want to take part, open until handled; each opens
// beside its possible matches (see ExpressionDrawer).
import { useMemo } from 'react';
import { Badge } from '@mantine/core';
import type { GridColumn } from '@olympiad/shared/ui/data-grid/grid-types';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { ResourceGrid } from '@olympiad/shared/resource/resource-grid';
import { useRowDialog } from '@olympiad/shared/resource/use-row-dialog';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useScreenOlympiad } from '../../olympiad/use-screen-olympiad';
import { expressionsGrid, type Expression } from '../api/get-expressions';
import { ExpressionDrawer } from './expression-drawer';

const statuses = ['open', 'processed', 'declined'].map((s) => ({ value: s, label: s }));
const types = [
  { value: 'teacher', label: 'teacher' },
  { value: 'other', label: 'other' },
];
const verified = [
  { value: 'yes', label: 'verified' },
  { value: 'no', label: 'not verified' },
];

const columns: GridColumn<Expression>[] = [
  { id: 'createdAt', header: 'Received', value: (e) => formatDateTime(parseServerTime(e.createdAt)), searchable: false },
  { id: 'name', header: 'Name', value: (e) => `${e.firstName} ${e.lastName}` },
  { id: 'email', header: 'E-mail', value: (e) => e.email, sortable: false },
  { id: 'verified', header: 'Verified', value: (e) => (e.emailVerified ? 'verified' : 'not verified'), filter: { type: 'select', options: verified }, sortable: false, width: 130 },
  { id: 'type', header: 'Type', value: (e) => e.type, filter: { type: 'select', options: types }, sortable: false, width: 110 },
  { id: 'schoolName', header: 'School or organisation', value: (e) => e.schoolName || e.organisation },
  { id: 'province', header: 'Province', value: (e) => e.province, sortable: false },
  {
    id: 'status',
    header: 'Status',
    value: (e) => e.status,
    cell: (e) => <Badge variant="light" color={e.status === 'open' ? 'blue' : e.status === 'processed' ? 'green' : 'gray'}>{e.status}</Badge>,
    filter: { type: 'select', options: statuses },
    width: 130,
  },
];

export function ExpressionsScreen({ route }: ScreenComponentProps) {
  const { olympiadId } = useScreenOlympiad();
  const grid = useMemo(() => expressionsGrid(olympiadId), [olympiadId]);
  const opened = useRowDialog<Expression>();
  return (
    <ResourceGrid
      title={route.title}
      description="People who want to take part. Open one to see the schools and teachers that look like it, then enter the school or decline."
      label="Expressions of interest"
      {...grid}
      columns={columns}
      rowActions={[{ label: 'Open', run: opened.open }]}
      initialSort={[{ id: 'createdAt', desc: true }]}
      initialFilters={{ status: 'open' }}
      searchPlaceholder="Search by name, e-mail, school or organisation"
      dialogs={<ExpressionDrawer expression={opened.row} onClose={opened.close} />}
    />
  );
}
