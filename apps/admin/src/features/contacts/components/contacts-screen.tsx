// Interested and Affected Parties: the people the olympiad office keeps in touch with (officials,
// sponsors, subject advisers), with notes.
import { useMemo } from 'react';
import { Anchor, Button, SimpleGrid } from '@mantine/core';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { BulkAction, GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { TextareaField, TextField } from '@olympiad/shared/ui/form/form-fields';
import { notify } from '@olympiad/shared/feedback/notifications';
import { useResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import { EditorModal } from '@olympiad/shared/resource/editor-modal';
import { deleteAction } from '@olympiad/shared/resource/row-actions';
import { GridScreen } from '@olympiad/shared/resource/grid-screen';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useScreenOlympiad } from '../../olympiad/use-screen-olympiad';
import { contactSchema, contactsGrid, emptyContact, useDeleteContact, useSaveContact, type Contact } from '../api/contacts';

const columns: GridColumn<Contact>[] = [
  { id: 'name', header: 'Name', value: (c) => c.name },
  { id: 'organisation', header: 'Organisation', value: (c) => c.organisation },
  { id: 'role', header: 'Role', value: (c) => c.role },
  { id: 'email', header: 'E-mail', value: (c) => c.email, cell: (c) => (c.email ? <Anchor href={`mailto:${c.email}`} size="sm">{c.email}</Anchor> : null), sortable: false },
  { id: 'phone', header: 'Phone', value: (c) => c.phone, sortable: false },
  { id: 'notes', header: 'Notes', value: (c) => c.notes, sortable: false },
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

export function ContactsScreen({ route }: ScreenComponentProps) {
  const { olympiadId } = useScreenOlympiad();
  const grid = useMemo(() => contactsGrid(olympiadId), [olympiadId]);
  const save = useSaveContact();
  const remove = useDeleteContact();
  const editor = useResourceEditor({
    schema: contactSchema,
    empty: emptyContact,
    valuesOf: ({ name, organisation, role, email, phone, notes }: Contact) => ({ name, organisation, role, email, phone, notes }),
    save: (values, contact) => save.mutateAsync({ id: contact?.id ?? null, values, olympiadId }),
  });
  const rowActions: RowAction<Contact>[] = [
    { label: 'Edit', run: editor.edit },
    deleteAction<Contact>({ confirm: (c) => ({ title: 'Delete this contact?', message: `${c.name} is deleted.` }), change: (c) => remove.mutateAsync(c.id) }),
  ];
  const { control } = editor.form;

  return (
    <GridScreen title={route.title} description="People the olympiad office keeps in touch with.">
      <DataGrid<Contact>
        label="Contacts"
        {...grid}
        columns={columns}
        rowActions={rowActions}
        bulkActions={bulkActions}
        initialSort={[{ id: 'name', desc: false }]}
        searchPlaceholder="Search by name, organisation, role or e-mail"
        toolbar={<Button onClick={editor.create}>New contact</Button>}
      />
      <EditorModal editor={editor} title={(contact) => (contact ? `Edit ${contact.name}` : 'New contact')}>
        <TextField control={control} name="name" label="Name" required />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField control={control} name="organisation" label="Organisation" />
          <TextField control={control} name="role" label="Role" />
          <TextField control={control} name="email" label="E-mail" type="email" />
          <TextField control={control} name="phone" label="Phone" type="tel" />
        </SimpleGrid>
        <TextareaField control={control} name="notes" label="Notes" minRows={3} />
      </EditorModal>
    </GridScreen>
  );
}
