// Participating Countries: the countries entered in this olympiad, their team leader, team and who receives
// the invoice. Admins keep these up to date.
import { useMemo } from 'react';
import { Badge, SimpleGrid } from '@mantine/core';
import type { GridColumn } from '@olympiad/shared/ui/data-grid/grid-types';
import { SelectField, TextareaField, TextField } from '@olympiad/shared/ui/form/form-fields';
import { useResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import { deleteAction, editAction } from '@olympiad/shared/resource/row-actions';
import { ResourceGrid } from '@olympiad/shared/resource/resource-grid';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useScreenOlympiad } from '../../olympiad/use-screen-olympiad';
import {
  countryEntriesGrid,
  countryEntrySchema,
  emptyCountryEntry,
  useDeleteCountryEntry,
  useSaveCountryEntry,
  type CountryEntryRow,
  type CountryEntryValues,
} from '../api/country-entries';

const statuses = ['entered', 'confirmed', 'withdrawn'].map((s) => ({ value: s, label: s }));

const entryValues = (entry: CountryEntryRow): CountryEntryValues => ({
  status: entry.status === 'confirmed' || entry.status === 'withdrawn' ? entry.status : 'entered',
  teamLeaderName: entry.teamLeaderName,
  teamLeaderEmail: entry.teamLeaderEmail,
  teamLeaderPhone: entry.teamLeaderPhone,
  teamMembers: entry.teamMembers.join('\n'),
  invoiceName: entry.invoiceName,
  invoiceEmail: entry.invoiceEmail,
  invoiceAddress: entry.invoiceAddress,
});

const columns: GridColumn<CountryEntryRow>[] = [
  { id: 'countryName', header: 'Country', value: (e) => `${e.countryName} (${e.isoCode})` },
  { id: 'status', header: 'Status', value: (e) => e.status, cell: (e) => <Badge variant="light">{e.status}</Badge>, filter: { type: 'select', options: statuses } },
  { id: 'teamLeader', header: 'Team leader', value: (e) => [e.teamLeaderName, e.teamLeaderEmail].filter(Boolean).join(', '), sortable: false },
  { id: 'team', header: 'Team', value: (e) => e.teamMembers.join(', '), sortable: false },
  { id: 'invoice', header: 'Invoice to', value: (e) => [e.invoiceName, e.invoiceEmail].filter(Boolean).join(', '), sortable: false },
];

export function ParticipatingCountriesScreen({ route }: ScreenComponentProps) {
  const { olympiadId } = useScreenOlympiad();
  const grid = useMemo(() => countryEntriesGrid(olympiadId), [olympiadId]);
  const [save, remove] = [useSaveCountryEntry(), useDeleteCountryEntry()];
  const editor = useResourceEditor({
    schema: countryEntrySchema,
    empty: emptyCountryEntry,
    valuesOf: entryValues,
    save: (values, entry) => save.mutateAsync({ id: entry?.id ?? 0, values }),
  });
  const rowActions = [
    editAction(editor, 'PUT /api/igeo-country-participant/{id}'),
    deleteAction<CountryEntryRow>({
      label: 'Remove',
      operation: 'DELETE /api/igeo-country-participant/{id}',
      confirm: (e) => ({ title: 'Remove this entry?', message: `${e.countryName} is no longer entered in this olympiad.` }),
      change: (e) => remove.mutateAsync(e.id),
    }),
  ];
  const { control } = editor.form;

  return (
    <ResourceGrid
      title={route.title}
      description="The countries entered in this olympiad (enter a country under Countries)."
      label="Participating countries"
      {...grid}
      columns={columns}
      rowActions={rowActions}
      initialSort={[{ id: 'countryName', desc: false }]}
      searchPlaceholder="Search by country or team leader"
      editor={editor}
      editorTitle={(entry) => entry?.countryName ?? ''}
    >
      <SelectField control={control} name="status" label="Status" data={statuses} required />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextField control={control} name="teamLeaderName" label="Team leader" />
        <TextField control={control} name="teamLeaderEmail" label="Team leader's e-mail" type="email" />
        <TextField control={control} name="teamLeaderPhone" label="Team leader's phone" type="tel" />
      </SimpleGrid>
      <TextareaField control={control} name="teamMembers" label="Team members" description="One name a line" minRows={4} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField control={control} name="invoiceName" label="Invoice to" />
        <TextField control={control} name="invoiceEmail" label="Invoice e-mail" type="email" />
      </SimpleGrid>
      <TextareaField control={control} name="invoiceAddress" label="Invoice address" minRows={2} />
    </ResourceGrid>
  );
}
