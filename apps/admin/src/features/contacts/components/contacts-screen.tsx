// Interested and Affected Parties: the people the olympiad office keeps in touch with (officials,
// sponsors, subject advisers), with notes.
import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Anchor, Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { BulkAction, GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { FormModal } from '@olympiad/shared/ui/form/form-modal';
import { TextareaField, TextField } from '@olympiad/shared/ui/form/form-fields';
import { useZodForm } from '@olympiad/shared/ui/form/use-zod-form';
import { applyServerErrors } from '@olympiad/shared/ui/form/server-errors';
import { alertError, notify } from '@olympiad/shared/feedback/notifications';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useScreenOlympiad } from '../../olympiad/use-screen-olympiad';
import { contactKeys, contactSchema, contactsGrid, deleteContact, saveContact, type Contact, type ContactValues } from '../api/contacts';

const emptyContact: ContactValues = { name: '', organisation: '', role: '', email: '', phone: '', notes: '' };

function ContactEditor({ contact, olympiadId, onClose }: { contact: Contact | 'new' | null; olympiadId: number | undefined; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useZodForm(contactSchema, emptyContact);
  const [error, setError] = useState<string | null>(null);
  const editing = contact !== null && contact !== 'new' ? contact : null;
  useEffect(() => {
    setError(null);
    form.reset(editing ? { name: editing.name, organisation: editing.organisation, role: editing.role, email: editing.email, phone: editing.phone, notes: editing.notes } : emptyContact);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [contact]);
  const submit = form.handleSubmit(async (values) => {
    const result = await saveContact(editing?.id ?? null, values, olympiadId);
    if (!result.ok) {
      setError(applyServerErrors(result, (name, e) => form.setError(name as 'name', e), Object.keys(emptyContact)));
      return;
    }
    notify('The contact is saved.', { tone: 'success' });
    await queryClient.invalidateQueries({ queryKey: contactKeys.all });
    onClose();
  });
  return (
    <FormModal opened={contact !== null} title={editing ? `Edit ${editing.name}` : 'New contact'} onClose={onClose} onSubmit={submit} submitting={form.formState.isSubmitting} error={error}>
      <TextField control={form.control} name="name" label="Name" required />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField control={form.control} name="organisation" label="Organisation" />
        <TextField control={form.control} name="role" label="Role" />
        <TextField control={form.control} name="email" label="E-mail" type="email" />
        <TextField control={form.control} name="phone" label="Phone" type="tel" />
      </SimpleGrid>
      <TextareaField control={form.control} name="notes" label="Notes" minRows={3} />
    </FormModal>
  );
}

export function ContactsScreen({ route }: ScreenComponentProps) {
  const { olympiadId } = useScreenOlympiad();
  const queryClient = useQueryClient();
  const grid = useMemo(() => contactsGrid(olympiadId), [olympiadId]);
  const [editing, setEditing] = useState<Contact | 'new' | null>(null);
  const columns: GridColumn<Contact>[] = [
    { id: 'name', header: 'Name', value: (c) => c.name },
    { id: 'organisation', header: 'Organisation', value: (c) => c.organisation },
    { id: 'role', header: 'Role', value: (c) => c.role },
    { id: 'email', header: 'E-mail', value: (c) => c.email, cell: (c) => (c.email ? <Anchor href={`mailto:${c.email}`} size="sm">{c.email}</Anchor> : null), sortable: false },
    { id: 'phone', header: 'Phone', value: (c) => c.phone, sortable: false },
    { id: 'notes', header: 'Notes', value: (c) => c.notes, sortable: false },
  ];
  const rowActions: RowAction<Contact>[] = [
    { label: 'Edit', run: (c) => setEditing(c) },
    {
      label: 'Delete',
      color: 'red',
      confirm: (c) => ({ title: 'Delete this contact?', message: `${c.name} is deleted.`, danger: true, confirmLabel: 'Delete' }),
      run: async (c) => {
        const result = await deleteContact(c.id);
        if (!result.ok) return alertError(result.message);
        await queryClient.invalidateQueries({ queryKey: contactKeys.all });
      },
    },
  ];
  const bulkActions: BulkAction<Contact>[] = [
    {
      label: 'Copy e-mail addresses',
      run: async (rows) => {
        const emails = rows.map((c) => c.email).filter(Boolean);
        await navigator.clipboard.writeText(emails.join(', '));
        notify(`Copied ${emails.length} e-mail address${emails.length === 1 ? '' : 'es'}.`, { tone: 'success' });
      },
    },
  ];
  return (
    <Stack>
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">People the olympiad office keeps in touch with.</Text>
      </div>
      <DataGrid<Contact>
        label="Contacts"
        queryKey={contactKeys.list(olympiadId)}
        columns={columns}
        fetchRows={grid.fetchRows}
        exportFile={grid.exportFile}
        getRowId={(c) => String(c.id)}
        exportName="interested-and-affected-parties"
        rowActions={rowActions}
        bulkActions={bulkActions}
        initialSort={[{ id: 'name', desc: false }]}
        searchPlaceholder="Search by name, organisation, role or e-mail"
        toolbar={<Button onClick={() => setEditing('new')}>New contact</Button>}
      />
      <ContactEditor contact={editing} olympiadId={olympiadId} onClose={() => setEditing(null)} />
    </Stack>
  );
}
