// Campaigns (overlord): named groups of mass mails with their totals; a mass mail joins one in Mass Mails.
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { GridScreen } from '@olympiad/shared/resource/grid-screen';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import { deleteAction } from '@olympiad/shared/resource/row-actions';
import { campaignsQuery, useCreateCampaign, useDeleteCampaign, type Campaign } from '../api/email-api';

const columns: GridColumn<Campaign>[] = [
  { id: 'name', header: 'Campaign', value: (c) => c.name },
  { id: 'notes', header: 'Notes', value: (c) => c.notes, sortable: false },
  { id: 'massMails', header: 'Mass mails', value: (c) => c.massMails, searchable: false, width: 110 },
  { id: 'sent', header: 'Sent', value: (c) => c.progress.sent, searchable: false, width: 90 },
  { id: 'failed', header: 'Failed', value: (c) => c.progress.failed, searchable: false, width: 90 },
  { id: 'bounced', header: 'Bounced', value: (c) => c.progress.bounced, searchable: false, width: 90 },
  { id: 'held', header: 'Waiting', value: (c) => c.progress.held, searchable: false, width: 90 },
];

export function CampaignsScreen({ route }: ScreenComponentProps) {
  const grid = useWholeListGrid(campaignsQuery(), columns);
  const remove = useDeleteCampaign();
  const [creating, setCreating] = useState(false);
  const rowActions: RowAction<Campaign>[] = [
    deleteAction<Campaign>({ confirm: (c) => ({ title: `Delete the campaign “${c.name}”?`, message: 'Its mass mails stay, in no campaign.' }), change: (c) => remove.mutateAsync(c.id) }),
  ];
  return (
    <GridScreen title={route.title} description="Groups of mass mails, with what they did together.">
      <DataGrid<Campaign>
        label="Campaigns"
        {...grid}
        columns={columns}
        getRowId={(c) => String(c.id)}
        exportName="campaigns"
        rowActions={rowActions}
        initialSort={[{ id: 'name', desc: false }]}
        toolbar={<Button onClick={() => setCreating(true)}>New campaign</Button>}
      />
      {creating && <NewCampaign onClose={() => setCreating(false)} />}
    </GridScreen>
  );
}

function NewCampaign({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateCampaign();
  const submit = async () => {
    const result = await create.mutateAsync({ name, notes });
    if (result.ok) onClose();
    else setProblem(result.message);
  };
  return (
    <Modal opened onClose={onClose} title="New campaign">
      <Stack>
        <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Textarea label="Notes" value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
        {problem && <Alert color="red">{problem}</Alert>}
        <Group justify="flex-end">
          <Button loading={create.isPending} onClick={() => void submit()}>
            Create
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
