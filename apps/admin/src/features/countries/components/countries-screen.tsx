// Countries (igeo): the countries that take part in the International Geography Olympiad, and whether
// each is entered in this olympiad. Admins add and rename countries and enter them.
import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { FormModal } from '@olympiad/shared/ui/form/form-modal';
import { TextField } from '@olympiad/shared/ui/form/form-fields';
import { useZodForm } from '@olympiad/shared/ui/form/use-zod-form';
import { applyServerErrors } from '@olympiad/shared/ui/form/server-errors';
import { useStoredUser } from '@olympiad/shared/session/stored-user';
import { alertError, notify } from '@olympiad/shared/feedback/notifications';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useScreenOlympiad } from '../../olympiad/use-screen-olympiad';
import { countriesGrid, countryKeys, countrySchema, deleteCountry, saveCountry, type CountryRow } from '../api/countries';
import { countryEntryKeys, saveCountryEntry } from '../api/country-entries';

function CountryEditor({ country, onClose }: { country: CountryRow | 'new' | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useZodForm(countrySchema, { name: '', isoCode: '' });
  const [error, setError] = useState<string | null>(null);
  const editing = country !== null && country !== 'new' ? country : null;
  useEffect(() => {
    setError(null);
    form.reset(editing ? { name: editing.name, isoCode: editing.isoCode } : { name: '', isoCode: '' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [country]);
  const submit = form.handleSubmit(async (values) => {
    const result = await saveCountry(editing?.id ?? null, values);
    if (!result.ok) {
      setError(applyServerErrors(result, (name, e) => form.setError(name as 'name', e), ['name', 'isoCode']));
      return;
    }
    notify('The country is saved.', { tone: 'success' });
    await queryClient.invalidateQueries({ queryKey: countryKeys.all });
    onClose();
  });
  return (
    <FormModal opened={country !== null} title={editing ? `Edit ${editing.name}` : 'New country'} onClose={onClose} onSubmit={submit} submitting={form.formState.isSubmitting} error={error} size="md">
      <TextField control={form.control} name="name" label="Name" required />
      <TextField control={form.control} name="isoCode" label="ISO code" description="Two letters: NA for Namibia" required />
    </FormModal>
  );
}

export function CountriesScreen({ route }: ScreenComponentProps) {
  const { olympiadId } = useScreenOlympiad();
  const role = useStoredUser()?.role;
  const canEdit = role === 'admin' || role === 'overlord';
  const queryClient = useQueryClient();
  const grid = useMemo(() => countriesGrid(olympiadId), [olympiadId]);
  const [editing, setEditing] = useState<CountryRow | 'new' | null>(null);
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: countryKeys.all }), queryClient.invalidateQueries({ queryKey: countryEntryKeys.all })]);

  const columns: GridColumn<CountryRow>[] = [
    { id: 'name', header: 'Country', value: (c) => c.name },
    { id: 'isoCode', header: 'ISO code', value: (c) => c.isoCode, width: 100 },
    {
      id: 'entered',
      header: 'This olympiad',
      value: (c) => (c.countryParticipantId ? 'entered' : 'not entered'),
      cell: (c) => (c.countryParticipantId ? <Badge variant="light">entered</Badge> : <Text size="sm" c="dimmed">not entered</Text>),
      sortable: false,
    },
    { id: 'entries', header: 'Entries', value: (c) => c.entryCount, sortable: false, width: 90 },
  ];
  const rowActions: RowAction<CountryRow>[] = canEdit
    ? [
        { label: 'Edit', run: (c) => setEditing(c) },
        {
          label: 'Enter',
          hidden: (c) => olympiadId === undefined || c.countryParticipantId != null,
          run: async (c) => {
            if (olympiadId === undefined) return;
            const result = await saveCountryEntry(
              null,
              { status: 'entered', teamLeaderName: '', teamLeaderEmail: '', teamLeaderPhone: '', teamMembers: '', invoiceName: '', invoiceEmail: '', invoiceAddress: '' },
              { olympiadId, countryId: c.id },
            );
            if (!result.ok) return alertError(result.message);
            notify(`${c.name} is entered; add its team under Participating Countries.`, { tone: 'success' });
            await refresh();
          },
        },
        {
          label: 'Delete',
          color: 'red',
          hidden: (c) => c.entryCount > 0,
          confirm: (c) => ({ title: 'Delete this country?', message: `${c.name} is deleted.`, danger: true, confirmLabel: 'Delete' }),
          run: async (c) => {
            const result = await deleteCountry(c.id);
            if (!result.ok) return alertError(result.message);
            await refresh();
          },
        },
      ]
    : [];
  return (
    <Stack>
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">The countries of the International Geography Olympiad.</Text>
      </div>
      <DataGrid<CountryRow>
        label="Countries"
        queryKey={countryKeys.list(olympiadId)}
        columns={columns}
        fetchRows={grid.fetchRows}
        exportFile={grid.exportFile}
        getRowId={(c) => String(c.id)}
        exportName="countries"
        rowActions={rowActions}
        initialSort={[{ id: 'name', desc: false }]}
        searchPlaceholder="Search by name or ISO code"
        toolbar={canEdit && <Button onClick={() => setEditing('new')}>New country</Button>}
      />
      <CountryEditor country={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
