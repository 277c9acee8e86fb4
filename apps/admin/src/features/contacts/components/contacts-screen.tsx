// Interested and Affected Parties: the people the olympiad office keeps in touch with (officials,
// sponsors, subject advisers), with notes.
import { useMemo } from 'react';
import { Anchor, SimpleGrid } from '@mantine/core';
import type { GridColumn } from '@olympiad/shared/ui/data-grid/grid-types';
import { TextareaField, TextField } from '@olympiad/shared/ui/form/form-fields';
import { useResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import { copyEmailsAction, deleteAction, editAction } from '@olympiad/shared/resource/row-actions';
import { ResourceGrid } from '@olympiad/shared/resource/resource-grid';
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

const bulkActions = [copyEmailsAction<Contact>((c) => c.email)];

export function ContactsScreen({ route }: ScreenComponentProps) {
  const { olympiadId } = useScreenOlympiad();
  const grid = useMemo(() => contactsGrid(olympiadId), [olympiadId]);
  const [save, remove] = [useSaveContact(), useDeleteContact()];
  const editor = useResourceEditor({
    schema: contactSchema,
    empty: emptyContact,
    valuesOf: ({ name, organisation, role, email, phone, notes }: Contact) => ({ name, organisation, role, email, phone, notes }),
    save: (values, contact) => save.mutateAsync({ id: contact?.id ?? null, values, olympiadId }),
  });
  const rowActions = [
    editAction(editor),
    deleteAction<Contact>({ confirm: (c) => ({ title: 'Delete this contact?', message: `${c.name} is deleted.` }), change: (c) => remove.mutateAsync(c.id) }),
  ];
  const { control } = editor.form;
  return (
    <ResourceGrid
      title={route.title}
      description="People the olympiad office keeps in touch with."
      label="Contacts"
      {...grid}
      columns={columns}
      rowActions={rowActions}
      bulkActions={bulkActions}
      initialSort={[{ id: 'name', desc: false }]}
      searchPlaceholder="Search by name, organisation, role or e-mail"
      editor={editor}
      create={{ label: 'New contact' }}
      editorTitle={(contact) => (contact ? `Edit ${contact.name}` : 'New contact')}
    >
      <TextField control={control} name="name" label="Name" required />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField control={control} name="organisation" label="Organisation" />
        <TextField control={control} name="role" label="Role" />
        <TextField control={control} name="email" label="E-mail" type="email" />
        <TextField control={control} name="phone" label="Phone" type="tel" />
      </SimpleGrid>
      <TextareaField control={control} name="notes" label="Notes" minRows={3} />
    </ResourceGrid>
  );
}
