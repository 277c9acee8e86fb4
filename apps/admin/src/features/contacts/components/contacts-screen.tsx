// Interested and Affected Parties: the people the olympiad office keeps in touch with (officials,
// sponsors, subject advisers), with notes.
import { useMemo } from 'react';
import { Anchor, SimpleGrid } from '@mantine/core';
import type { GridColumn } from '@olympiad/shared/ui/data-grid/grid-types';
import { fieldColumn } from '@olympiad/shared/resource/declared-fields';
import { FieldControl } from '@olympiad/shared/resource/field-control';
import { useResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import { copyEmailsAction, deleteAction, editAction } from '@olympiad/shared/resource/row-actions';
import { ResourceGrid } from '@olympiad/shared/resource/resource-grid';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useScreenOlympiad } from '../../olympiad/use-screen-olympiad';
import { contactFields, contactSchema, contactsGrid, emptyContact, useDeleteContact, useSaveContact, type Contact } from '../api/contacts';

const columns: GridColumn<Contact>[] = [
  fieldColumn(contactFields, 'name'),
  fieldColumn(contactFields, 'organisation'),
  fieldColumn(contactFields, 'role'),
  fieldColumn(contactFields, 'email', { cell: (c) => (c.email ? <Anchor href={`mailto:${c.email}`} size="sm">{c.email}</Anchor> : null) }),
  fieldColumn(contactFields, 'phone'),
  fieldColumn(contactFields, 'notes'),
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
      <FieldControl control={control} fields={contactFields} name="name" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FieldControl control={control} fields={contactFields} name="organisation" />
        <FieldControl control={control} fields={contactFields} name="role" />
        <FieldControl control={control} fields={contactFields} name="email" />
        <FieldControl control={control} fields={contactFields} name="phone" />
      </SimpleGrid>
      <FieldControl control={control} fields={contactFields} name="notes" />
    </ResourceGrid>
  );
}
