// The dialogs of Participating Schools: an entry's status and contact teacher, and entering a school.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { alertError } from '@olympiad/shared/feedback/notifications';
import { teamQuery } from '@olympiad/shared/features/team/api/team';
import type { EntryRow } from '../api/get-entries';
import { useUpdateEntry } from '../api/update-entry';
import { useEnterSchool } from '../api/create-entry';
import { SchoolPicker } from '../../schools/school-picker';
import type { SchoolRow } from '../../schools/api/get-schools';

export const statuses = ['entered', 'confirmed', 'withdrawn'].map((s) => ({ value: s, label: s }));
type Status = 'entered' | 'confirmed' | 'withdrawn';

/** The entry's status and its contact, chosen from its team. */
export function EntryEditor({ entry, onClose }: { entry: EntryRow; onClose: () => void }) {
  const team = useQuery(teamQuery(entry.id));
  const update = useUpdateEntry();
  const [status, setStatus] = useState<Status>(entry.status as Status);
  const [contact, setContact] = useState<string | null>(entry.contactTeacherId ? String(entry.contactTeacherId) : null);
  const save = async () => {
    const result = await update.mutateAsync({ id: entry.id, changes: { status, contactTeacherId: contact ? Number(contact) : null } });
    if (!result.ok) return alertError(result.message);
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

/** Entering a school found by name, town or EMIS number. */
export function EnterSchool({ olympiadId, opened, onClose }: { olympiadId: number | undefined; opened: boolean; onClose: () => void }) {
  const enter = useEnterSchool();
  const [school, setSchool] = useState<SchoolRow | null>(null);
  const run = async () => {
    if (!school || olympiadId === undefined) return;
    const result = await enter.mutateAsync({ olympiadId, school });
    if (!result.ok) return alertError(result.message);
    onClose();
    setSchool(null);
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Enter a school">
      <Stack>
        <SchoolPicker label="School" value={school} onChange={setSchool} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={run} disabled={!school}>
            Enter it
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
