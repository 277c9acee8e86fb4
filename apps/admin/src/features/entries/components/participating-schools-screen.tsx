// Participating Schools: the schools entered in this olympiad, with their status, contact, team admins and
// number of learners. Staff who may edit enter a school, confirm or withdraw an entry, choose its contact,
// look after its team, and remove an entry nobody has written in.
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Group, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { provinceOptions } from '@olympiad/shared/lib/south-africa';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { useStoredUser } from '@olympiad/shared/session/stored-user';
import { alertError, notify } from '@olympiad/shared/feedback/notifications';
import { TeamPanel } from '@olympiad/shared/features/team/components/team-panel';
import { teamQuery } from '@olympiad/shared/features/team/api/team';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useScreenOlympiad } from '../../olympiad/use-screen-olympiad';
import { entriesGrid, entryKeys, type EntryRow } from '../api/get-entries';
import { deleteEntry, updateEntry } from '../api/update-entry';
import { createEntry } from '../api/create-entry';
import { SchoolPicker } from '../../schools/components/school-picker';
import type { SchoolRow } from '../../schools/api/get-schools';

const statuses = ['entered', 'confirmed', 'withdrawn'].map((s) => ({ value: s, label: s }));
type Status = 'entered' | 'confirmed' | 'withdrawn';

function EntryEditor({ entry, onClose }: { entry: EntryRow; onClose: () => void }) {
  const queryClient = useQueryClient();
  const team = useQuery(teamQuery(entry.id));
  const [status, setStatus] = useState<Status>(entry.status as Status);
  const [contact, setContact] = useState<string | null>(entry.contactTeacherId ? String(entry.contactTeacherId) : null);
  const save = async () => {
    const result = await updateEntry(entry.id, { status, contactTeacherId: contact ? Number(contact) : null });
    if (!result.ok) return alertError(result.message);
    notify('The entry is saved.', { tone: 'success' });
    await queryClient.invalidateQueries({ queryKey: entryKeys.all });
    onClose();
  };
  return (
    <Stack>
      <Select label="Status" data={statuses} value={status} onChange={(v) => setStatus((v as Status) ?? 'entered')} allowDeselect={false} />
      <Select
        label="Contact teacher"
        description="The office writes to this teacher about the entry (a member of its team)"
        data={(team.data ?? []).map((m) => ({ value: String(m.userId), label: `${m.firstName} ${m.lastName} (${m.email ?? ''})` }))}
        value={contact}
        onChange={setContact}
        clearable
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={save}>Save</Button>
      </Group>
    </Stack>
  );
}

export function ParticipatingSchoolsScreen({ route }: ScreenComponentProps) {
  const { olympiadId } = useScreenOlympiad();
  const role = useStoredUser()?.role;
  const canEdit = role === 'admin' || role === 'overlord';
  const queryClient = useQueryClient();
  const grid = useMemo(() => entriesGrid(olympiadId), [olympiadId]);
  const [editing, setEditing] = useState<EntryRow | null>(null);
  const [team, setTeam] = useState<EntryRow | null>(null);
  const [entering, setEntering] = useState(false);
  const [school, setSchool] = useState<SchoolRow | null>(null);

  const enter = async () => {
    if (!school || olympiadId === undefined) return;
    const result = await createEntry({ olympiadId, schoolId: school.id });
    if (!result.ok) return alertError(result.message);
    notify(`${school.name} is entered.`, { tone: 'success' });
    setEntering(false);
    setSchool(null);
    await queryClient.invalidateQueries({ queryKey: entryKeys.all });
  };

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

  const rowActions: RowAction<EntryRow>[] = [
    { label: 'Team', run: (e) => setTeam(e) },
    ...(canEdit
      ? [
          { label: 'Edit', run: (e: EntryRow) => setEditing(e) },
          {
            label: 'Remove',
            color: 'red',
            confirm: (e: EntryRow) => ({ title: 'Remove this entry?', message: `${e.schoolName}'s entry, its team and its ${e.learnerCount} learners' sign-ins are removed. An entry whose learners have written is withdrawn instead.`, danger: true, confirmLabel: 'Remove' }),
            run: async (e: EntryRow) => {
              const result = await deleteEntry(e.id);
              if (!result.ok) return alertError(result.message);
              notify('The entry is removed.', { tone: 'success' });
              await queryClient.invalidateQueries({ queryKey: entryKeys.all });
            },
          },
        ]
      : []),
  ];

  return (
    <Stack>
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">The schools entered in this olympiad.</Text>
      </div>
      <DataGrid<EntryRow>
        label="Participating schools"
        queryKey={entryKeys.list(olympiadId)}
        columns={columns}
        fetchRows={grid.fetchRows}
        exportFile={grid.exportFile}
        getRowId={(e) => String(e.id)}
        exportName="participating-schools"
        rowActions={rowActions}
        initialSort={[{ id: 'schoolName', desc: false }]}
        searchPlaceholder="Search by school, town or EMIS number"
        toolbar={canEdit && <Button onClick={() => setEntering(true)}>Enter a school</Button>}
      />
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.schoolName}>
        {editing && <EntryEditor entry={editing} onClose={() => setEditing(null)} />}
      </Modal>
      <Modal opened={team !== null} onClose={() => setTeam(null)} title={`Team of ${team?.schoolName ?? ''}`} size="xl">
        {team && <TeamPanel schoolParticipantId={team.id} canManage={canEdit} />}
      </Modal>
      <Modal opened={entering} onClose={() => setEntering(false)} title="Enter a school">
        <Stack>
          <SchoolPicker label="School" value={school} onChange={setSchool} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEntering(false)}>
              Cancel
            </Button>
            <Button onClick={enter} disabled={!school}>
              Enter it
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
