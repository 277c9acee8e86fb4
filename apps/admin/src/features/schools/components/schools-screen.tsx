// Schools (staff, per olympiad) and All Schools (overlord): every school, searchable and filterable by
// province, sector and whether it is entered; staff who may edit add, change and enter schools, and the
// overlord deletes schools nothing refers to (the others are merged).
import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { BulkAction, GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { provinceOptions } from '@olympiad/shared/lib/south-africa';
import { useStoredUser } from '@olympiad/shared/session/stored-user';
import { alertError, notify } from '@olympiad/shared/feedback/notifications';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useScreenOlympiad } from '../../olympiad/use-screen-olympiad';
import { schoolKeys, schoolsGrid, type SchoolRow } from '../api/get-schools';
import { deleteSchool } from '../api/delete-school';
import { createEntry } from '../../entries/api/create-entry';
import { SchoolEditor } from './school-editor';

const yesNo = [
  { value: 'yes', label: 'Entered' },
  { value: 'no', label: 'Not entered' },
];

export function SchoolsScreen({ route }: ScreenComponentProps) {
  const { olympiadId } = useScreenOlympiad();
  const role = useStoredUser()?.role;
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<SchoolRow | 'new' | null>(null);
  const canEdit = role === 'admin' || role === 'overlord';
  const grid = useMemo(() => schoolsGrid(olympiadId), [olympiadId]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: schoolKeys.all });

  const enter = async (schools: SchoolRow[]) => {
    if (olympiadId === undefined) return;
    for (const school of schools) {
      const result = await createEntry({ olympiadId, schoolId: school.id });
      if (!result.ok) return alertError(`${school.name}: ${result.message}`);
    }
    notify(`${schools.length} school${schools.length === 1 ? '' : 's'} entered.`, { tone: 'success' });
    await refresh();
  };

  const columns: GridColumn<SchoolRow>[] = [
    { id: 'name', header: 'Name', value: (s) => s.name },
    { id: 'emisNumber', header: 'EMIS', value: (s) => s.emisNumber ?? '' },
    { id: 'province', header: 'Province', value: (s) => s.province, filter: { type: 'select', options: provinceOptions } },
    { id: 'town', header: 'Town', value: (s) => s.town },
    {
      id: 'sector',
      header: 'Sector',
      value: (s) => s.sector,
      filter: { type: 'select', options: [{ value: 'public', label: 'public' }, { value: 'independent', label: 'independent' }] },
      sortable: false,
    },
    { id: 'quintile', header: 'Quintile', value: (s) => s.quintile ?? null, width: 90 },
    olympiadId === undefined
      ? { id: 'entries', header: 'Entries', value: (s) => s.entryCount, sortable: false, width: 90 }
      : {
          id: 'entered',
          header: 'This olympiad',
          value: (s) => s.entryStatus ?? 'not entered',
          cell: (s) => (s.entryStatus ? <Badge variant="light">{s.entryStatus}</Badge> : <Text size="sm" c="dimmed">not entered</Text>),
          filter: { type: 'select', options: yesNo },
          sortable: false,
        },
  ];

  const rowActions: RowAction<SchoolRow>[] = canEdit
    ? [
        { label: 'Edit', run: (school) => setEditing(school) },
        {
          label: 'Enter',
          hidden: (school) => olympiadId === undefined || school.schoolParticipantId != null,
          confirm: (school) => ({ title: 'Enter this school?', message: `${school.name} is entered in this olympiad.`, confirmLabel: 'Enter it' }),
          run: (school) => enter([school]),
        },
        {
          label: 'Delete',
          color: 'red',
          hidden: (school) => role !== 'overlord' || school.entryCount > 0,
          confirm: (school) => ({ title: 'Delete this school?', message: `${school.name} is deleted. A school with teachers or learners cannot be deleted: merge it instead.`, danger: true, confirmLabel: 'Delete' }),
          run: async (school) => {
            const result = await deleteSchool(school.id);
            if (!result.ok) return alertError(result.message);
            notify('The school is deleted.', { tone: 'success' });
            await refresh();
          },
        },
      ]
    : [];
  const bulkActions: BulkAction<SchoolRow>[] =
    canEdit && olympiadId !== undefined
      ? [
          {
            label: 'Enter in this olympiad',
            confirm: (rows) => ({ title: 'Enter these schools?', message: `${rows.length} school(s) are entered in this olympiad (those entered already stay as they are).` }),
            run: (rows) => enter(rows),
          },
        ]
      : [];

  return (
    <Stack>
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">
          {olympiadId === undefined ? 'Every school on the platform, in every olympiad.' : 'Every school on the platform, and whether it is entered in this olympiad.'}
        </Text>
      </div>
      <DataGrid<SchoolRow>
        label="Schools"
        queryKey={schoolKeys.list(olympiadId)}
        columns={columns}
        fetchRows={grid.fetchRows}
        exportFile={grid.exportFile}
        getRowId={(s) => String(s.id)}
        exportName="schools"
        rowActions={rowActions}
        bulkActions={bulkActions}
        initialSort={[{ id: 'name', desc: false }]}
        searchPlaceholder="Search by name, town, EMIS number or e-mail"
        toolbar={canEdit && <Button onClick={() => setEditing('new')}>New school</Button>}
      />
      <SchoolEditor school={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
