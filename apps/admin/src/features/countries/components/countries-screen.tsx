// Countries (igeo): the countries that take part in the International Geography Olympiad, and whether
// each is entered in this olympiad. Admins add and rename countries and enter them.
import { useMemo } from 'react';
import { Badge, Text } from '@mantine/core';
import type { GridColumn } from '@olympiad/shared/ui/data-grid/grid-types';
import { emptyValues, fieldColumn } from '@olympiad/shared/resource/declared-fields';
import { FieldControl } from '@olympiad/shared/resource/field-control';
import { useResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import { changeAction, deleteAction, editAction } from '@olympiad/shared/resource/row-actions';
import { ResourceGrid } from '@olympiad/shared/resource/resource-grid';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useScreenOlympiad } from '../../olympiad/use-screen-olympiad';
import { countriesGrid, countryFields, countrySchema, useDeleteCountry, useSaveCountry, type CountryRow } from '../api/countries';
import { useEnterCountry } from '../api/country-entries';

const columns: GridColumn<CountryRow>[] = [
  fieldColumn(countryFields, 'name'),
  fieldColumn(countryFields, 'isoCode'),
  {
    id: 'entered',
    header: 'This olympiad',
    value: (c) => (c.countryParticipantId ? 'entered' : 'not entered'),
    cell: (c) => (c.countryParticipantId ? <Badge variant="light">entered</Badge> : <Text size="sm" c="dimmed">not entered</Text>),
    sortable: false,
  },
  { id: 'entries', header: 'Entries', value: (c) => c.entryCount, sortable: false, width: 90 },
];

export function CountriesScreen({ route }: ScreenComponentProps) {
  const { olympiadId } = useScreenOlympiad();
  const grid = useMemo(() => countriesGrid(olympiadId), [olympiadId]);
  const [save, enter, remove] = [useSaveCountry(), useEnterCountry(), useDeleteCountry()];
  const editor = useResourceEditor({
    schema: countrySchema,
    empty: emptyValues(countryFields),
    valuesOf: (country: CountryRow) => ({ name: country.name, isoCode: country.isoCode }),
    save: (body, country) => save.mutateAsync({ id: country?.id ?? null, body }),
  });
  const rowActions = [
    editAction(editor, 'PUT /api/igeo-country/{id}'),
    changeAction<CountryRow>({
      label: 'Enter',
      operation: 'POST /api/igeo-country-participant',
      hidden: (c) => olympiadId === undefined || c.countryParticipantId != null,
      // Hidden without an olympiad: it runs only with one.
      change: (country) => enter.mutateAsync({ olympiadId: olympiadId ?? 0, country }),
    }),
    deleteAction<CountryRow>({
      operation: 'DELETE /api/igeo-country/{id}',
      hidden: (c) => c.entryCount > 0,
      confirm: (c) => ({ title: 'Delete this country?', message: `${c.name} is deleted.` }),
      change: (c) => remove.mutateAsync(c.id),
    }),
  ];
  return (
    <ResourceGrid
      title={route.title}
      description="The countries of the International Geography Olympiad."
      label="Countries"
      {...grid}
      columns={columns}
      rowActions={rowActions}
      initialSort={[{ id: 'name', desc: false }]}
      searchPlaceholder="Search by name or ISO code"
      editor={editor}
      create={{ label: 'New country', operation: 'POST /api/igeo-country' }}
      editorTitle={(country) => (country ? `Edit ${country.name}` : 'New country')}
      editorSize="md"
    >
      <FieldControl control={editor.form.control} fields={countryFields} name="name" />
      <FieldControl control={editor.form.control} fields={countryFields} name="isoCode" />
    </ResourceGrid>
  );
}
