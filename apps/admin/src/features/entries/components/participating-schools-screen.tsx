// Participating Schools: the schools entered in this olympiad, with their status, contact, team admins and
// number of learners. Staff who may edit enter a school, confirm or withdraw an entry, choose its contact,
// look after its team, and remove an entry nobody has written in.
import { useMemo, useState } from 'react';
import { Badge, Button } from '@mantine/core';
import type { GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { provinceOptions } from '@olympiad/shared/lib/south-africa';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { useCan } from '@olympiad/shared/access/can';
import { deleteAction } from '@olympiad/shared/resource/row-actions';
import { ResourceGrid } from '@olympiad/shared/resource/resource-grid';
import { RowModal } from '@olympiad/shared/resource/row-modal';
import { useRowDialog } from '@olympiad/shared/resource/use-row-dialog';
import { TeamPanel } from '@olympiad/shared/features/team/components/team-panel';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useScreenOlympiad } from '../../olympiad/use-screen-olympiad';
import { entriesGrid, type EntryRow } from '../api/get-entries';
import { useDeleteEntry } from '../api/update-entry';
import { EnterSchool, EntryEditor, statuses } from './entry-dialogs';

const columns: GridColumn<EntryRow>[] = [
  { id: 'schoolName', header: 'School', value: (e) => e.schoolName },
  { id: 'emis', header: 'EMIS', value: (e) => e.emisNumber ?? '', sortable: false },
  { id: 'province', header: 'Province', value: (e) => e.province, filter: { type: 'select', options: provinceOptions } },
  {
    id: 'status',
    header: 'Status',
    value: (e) => e.status,
    cell: (e) => <Badge variant="light" color={e.status === 'withdrawn' ? 'gray' : e.status === 'confirmed' ? 'green' : 'blue'}>{e.status}</Badge>,
    filter: { type: 'select', options: statuses },
  },
  { id: 'enteredAt', header: 'Entered', value: (e) => formatDateTime(parseServerTime(e.enteredAt)), searchable: false },
  { id: 'contact', header: 'Contact', value: (e) => [e.contactName, e.contactEmail].filter(Boolean).join(', '), sortable: false },
  { id: 'teamAdmins', header: 'Team admins', value: (e) => e.teamAdmins.join(', '), sortable: false },
  { id: 'learners', header: 'Learners', value: (e) => e.learnerCount, sortable: false, width: 90 },
];

export function ParticipatingSchoolsScreen({ route }: ScreenComponentProps) {
  const { olympiadId } = useScreenOlympiad();
  const can = useCan();
  const grid = useMemo(() => entriesGrid(olympiadId), [olympiadId]);
  const remove = useDeleteEntry();
  const [editing, team] = [useRowDialog<EntryRow>(), useRowDialog<EntryRow>()];
  const [entering, setEntering] = useState(false);
  const rowActions: RowAction<EntryRow>[] = [
    { label: 'Team', operation: 'GET /api/team-member', run: team.open },
    { label: 'Edit', operation: 'PUT /api/school-participant/{id}', run: editing.open },
    deleteAction<EntryRow>({
      label: 'Remove',
      operation: 'DELETE /api/school-participant/{id}',
      confirm: (e) => ({ title: 'Remove this entry?', message: `${e.schoolName}'s entry, its team and its ${e.learnerCount} learners' sign-ins are removed. An entry whose learners have written is withdrawn instead.` }),
      change: (e) => remove.mutateAsync(e.id),
    }),
  ];

  return (
    <ResourceGrid
      title={route.title}
      description="The schools entered in this olympiad."
      label="Participating schools"
      {...grid}
      columns={columns}
      rowActions={rowActions}
      initialSort={[{ id: 'schoolName', desc: false }]}
      searchPlaceholder="Search by school, town or EMIS number"
      toolbar={can('POST /api/school-participant') && <Button onClick={() => setEntering(true)}>Enter a school</Button>}
      dialogs={
        <>
          <RowModal dialog={editing} title={(e) => e.schoolName}>
            {(e) => <EntryEditor entry={e} onClose={editing.close} />}
          </RowModal>
          <RowModal dialog={team} title={(e) => `Team of ${e.schoolName}`} size="xl">
            {(e) => <TeamPanel schoolParticipantId={e.id} canManage={can('POST /api/team-member')} />}
          </RowModal>
          <EnterSchool olympiadId={olympiadId} opened={entering} onClose={() => setEntering(false)} />
        </>
      }
    />
  );
}
