// Learners entered in an olympiad: the teacher's list of their school's learners, and the staff's
// Participating Learners. A learner who lost their password gets a new one (with a slip); one who will not
// write is taken out; staff also set the status and the language of writing. The teacher's screen adds its
// own actions (a learner's record corrected, a late learner added).
import { useMemo, useState, type ReactNode } from 'react';
import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import type { components } from '../../../api/schema';
import { DataGrid } from '../../../ui/data-grid/data-grid';
import { useConfirmedChange } from '../../../resource/use-confirmed-change';
import type { GridColumn, RowAction } from '../../../ui/data-grid/grid-types';
import { alertError } from '../../../feedback/notifications';
import { deleteAction } from '../../../resource/row-actions';
import { formatDateTime, parseServerTime } from '../../../lib/server-time';
import {
  newLearnerPasswords,
  participantsGrid,
  useUpdateParticipant,
  useWithdrawParticipant,
  type Credential,
  type ParticipantRow,
} from '../api/participants';
import { CredentialsPanel } from './credentials-panel';

const grades = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((g) => ({ value: String(g), label: `Grade ${g}` }));
const statuses = ['registered', 'writing', 'finished', 'absent'].map((s) => ({ value: s, label: s }));
const languages = [
  { value: 'en', label: 'English' },
  { value: 'af', label: 'Afrikaans' },
];

type Scope = { customerParticipantId?: number; olympiadId?: number };

export function ParticipantsGrid({
  scope,
  schoolId,
  staff,
  moreRowActions = [],
  moreToolbar,
}: {
  scope: Scope;
  schoolId?: number;
  staff: boolean;
  /** Actions on a row that the screen showing the grid offers, after the grid's own first one. */
  moreRowActions?: RowAction<ParticipantRow>[];
  /** Buttons the screen adds to the grid's toolbar. */
  moreToolbar?: ReactNode;
}) {
  const grid = useMemo(() => participantsGrid(scope), [scope]);
  const [fresh, setFresh] = useState<{ entryId: number; credentials: Credential[] } | null>(null);
  const [editing, setEditing] = useState<ParticipantRow | null>(null);
  const [status, setStatus] = useState('registered');
  const [language, setLanguage] = useState<'en' | 'af'>('en');
  const update = useUpdateParticipant();
  const withdraw = useWithdrawParticipant();

  const columns: GridColumn<ParticipantRow>[] = [
    { id: 'name', header: 'Learner', value: (p) => `${p.firstName} ${p.lastName}` },
    { id: 'grade', header: 'Grade', value: (p) => `${p.grade} ${p.className}`.trim(), filter: { type: 'select', options: grades }, width: 110 },
    { id: 'username', header: 'Username', value: (p) => p.username },
    { id: 'language', header: 'Writes in', value: (p) => (p.language === 'af' ? 'Afrikaans' : 'English'), sortable: false },
    { id: 'status', header: 'Status', value: (p) => p.status, filter: { type: 'select', options: statuses } },
    ...(staff ? [{ id: 'schoolName', header: 'School', value: (p: ParticipantRow) => p.schoolName }] : []),
    { id: 'consent', header: 'Consent', value: (p) => p.consentGiven, sortable: false, searchable: false },
    { id: 'lastLogin', header: 'Last sign-in', value: (p) => formatDateTime(parseServerTime(p.lastLoginAt), 'Never'), sortable: false, searchable: false },
  ];

  const rowActions: RowAction<ParticipantRow>[] = [
    {
      label: 'New password',
      hidden: (p) => p.schoolParticipantId == null,
      confirm: (p) => ({ title: 'Give a new password?', message: `${p.firstName} ${p.lastName}'s old password stops working; print the new slip.`, confirmLabel: 'New password' }),
      run: async (p) => {
        if (p.schoolParticipantId == null) return;
        const result = await newLearnerPasswords(p.schoolParticipantId, schoolId ?? p.schoolId, p.username);
        if (!result.ok) return alertError(result.message);
        setFresh({ entryId: p.schoolParticipantId, credentials: result.data });
      },
    },
    ...moreRowActions,
    ...(staff
      ? [
          {
            label: 'Edit',
            run: (p: ParticipantRow) => {
              setStatus(p.status);
              setLanguage(p.language === 'af' ? 'af' : 'en');
              setEditing(p);
            },
          },
        ]
      : []),
    deleteAction<ParticipantRow>({
      label: 'Take out',
      hidden: (p) => p.status !== 'registered',
      confirm: (p) => ({ title: 'Take this learner out?', message: `${p.firstName} ${p.lastName} will not write; their sign-in is removed. They stay on the school's list of learners.` }),
      change: (p) => withdraw.mutateAsync(p.id),
    }),
  ];

  const saveEdit = async () => {
    if (!editing) return;
    const result = await update.mutateAsync({ id: editing.id, changes: { status: status as components['schemas']['ParticipantChanges']['status'], language } });
    if (!result.ok) return alertError(result.message);
    setEditing(null);
  };

  return (
    <>
      <DataGrid<ParticipantRow>
        label="Learners"
        {...grid}
        columns={columns}
        rowActions={rowActions}
        initialSort={[{ id: 'grade', desc: false }, { id: 'name', desc: false }]}
        searchPlaceholder="Search by name, username or school"
        toolbar={
          <>
            {moreToolbar}
            {!staff && scope.customerParticipantId !== undefined && schoolId !== undefined && (
              <NewPasswordsForAll entryId={scope.customerParticipantId} schoolId={schoolId} onDone={(credentials) => setFresh({ entryId: scope.customerParticipantId ?? 0, credentials })} />
            )}
          </>
        }
      />
      <Modal opened={fresh !== null} onClose={() => setFresh(null)} title="New sign-ins" size="xl">
        {fresh && <CredentialsPanel schoolParticipantId={fresh.entryId} credentials={fresh.credentials} />}
      </Modal>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing ? `${editing.firstName} ${editing.lastName}` : ''}>
        <Stack>
          <Select label="Status" data={statuses} value={status} onChange={(v) => setStatus(v ?? 'registered')} allowDeselect={false} />
          <Select label="Writes in" data={languages} value={language} onChange={(v) => setLanguage(v === 'af' ? 'af' : 'en')} allowDeselect={false} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(null)}>
              Cancel
            </Button>
            <Button onClick={saveEdit}>Save</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function NewPasswordsForAll({ entryId, schoolId, onDone }: { entryId: number; schoolId: number; onDone: (credentials: Credential[]) => void }) {
  const renewing = useConfirmedChange();
  const ask = {
    title: 'New passwords for every learner?',
    message: 'Every learner of your school gets a new password; the old ones stop working. Print the new slips afterwards.',
    confirmLabel: 'New passwords',
  };
  return (
    <Button variant="default" loading={renewing.running} onClick={() => void renewing.run(ask, () => newLearnerPasswords(entryId, schoolId), onDone)}>
      New passwords for all
    </Button>
  );
}
