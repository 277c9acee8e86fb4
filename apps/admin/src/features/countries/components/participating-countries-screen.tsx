// Participating Countries: the countries entered in this olympiad, their team leader, team and who receives
// the invoice. Admins keep these up to date.
import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { FormModal } from '@olympiad/shared/ui/form/form-modal';
import { SelectField, TextareaField, TextField } from '@olympiad/shared/ui/form/form-fields';
import { useZodForm } from '@olympiad/shared/ui/form/use-zod-form';
import { applyServerErrors } from '@olympiad/shared/ui/form/server-errors';
import { useStoredUser } from '@olympiad/shared/session/stored-user';
import { alertError, notify } from '@olympiad/shared/feedback/notifications';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useScreenOlympiad } from '../../olympiad/use-screen-olympiad';
import {
  countryEntriesGrid,
  countryEntryKeys,
  countryEntrySchema,
  deleteCountryEntry,
  saveCountryEntry,
  type CountryEntryRow,
  type CountryEntryValues,
} from '../api/country-entries';
import { countryKeys } from '../api/countries';

const statuses = ['entered', 'confirmed', 'withdrawn'].map((s) => ({ value: s, label: s }));
const emptyEntry: CountryEntryValues = { status: 'entered', teamLeaderName: '', teamLeaderEmail: '', teamLeaderPhone: '', teamMembers: '', invoiceName: '', invoiceEmail: '', invoiceAddress: '' };

function CountryEntryEditor({ entry, onClose }: { entry: CountryEntryRow | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useZodForm(countryEntrySchema, emptyEntry);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!entry) return;
    setError(null);
    form.reset({
      status: entry.status === 'confirmed' || entry.status === 'withdrawn' ? entry.status : 'entered',
      teamLeaderName: entry.teamLeaderName,
      teamLeaderEmail: entry.teamLeaderEmail,
      teamLeaderPhone: entry.teamLeaderPhone,
      teamMembers: entry.teamMembers.join('\n'),
      invoiceName: entry.invoiceName,
      invoiceEmail: entry.invoiceEmail,
      invoiceAddress: entry.invoiceAddress,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entry]);
  const submit = form.handleSubmit(async (values) => {
    if (!entry) return;
    const result = await saveCountryEntry(entry.id, values);
    if (!result.ok) {
      setError(applyServerErrors(result, (name, e) => form.setError(name as 'status', e), Object.keys(emptyEntry)));
      return;
    }
    notify('The entry is saved.', { tone: 'success' });
    await queryClient.invalidateQueries({ queryKey: countryEntryKeys.all });
    onClose();
  });
  return (
    <FormModal opened={entry !== null} title={entry?.countryName ?? ''} onClose={onClose} onSubmit={submit} submitting={form.formState.isSubmitting} error={error}>
      <SelectField control={form.control} name="status" label="Status" data={statuses} required />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextField control={form.control} name="teamLeaderName" label="Team leader" />
        <TextField control={form.control} name="teamLeaderEmail" label="Team leader's e-mail" type="email" />
        <TextField control={form.control} name="teamLeaderPhone" label="Team leader's phone" type="tel" />
      </SimpleGrid>
      <TextareaField control={form.control} name="teamMembers" label="Team members" description="One name a line" minRows={4} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField control={form.control} name="invoiceName" label="Invoice to" />
        <TextField control={form.control} name="invoiceEmail" label="Invoice e-mail" type="email" />
      </SimpleGrid>
      <TextareaField control={form.control} name="invoiceAddress" label="Invoice address" minRows={2} />
    </FormModal>
  );
}

export function ParticipatingCountriesScreen({ route }: ScreenComponentProps) {
  const { olympiadId } = useScreenOlympiad();
  const role = useStoredUser()?.role;
  const canEdit = role === 'admin' || role === 'overlord';
  const queryClient = useQueryClient();
  const grid = useMemo(() => countryEntriesGrid(olympiadId), [olympiadId]);
  const [editing, setEditing] = useState<CountryEntryRow | null>(null);
  const columns: GridColumn<CountryEntryRow>[] = [
    { id: 'countryName', header: 'Country', value: (e) => `${e.countryName} (${e.isoCode})` },
    { id: 'status', header: 'Status', value: (e) => e.status, cell: (e) => <Badge variant="light">{e.status}</Badge>, filter: { type: 'select', options: statuses } },
    { id: 'teamLeader', header: 'Team leader', value: (e) => [e.teamLeaderName, e.teamLeaderEmail].filter(Boolean).join(', '), sortable: false },
    { id: 'team', header: 'Team', value: (e) => e.teamMembers.join(', '), sortable: false },
    { id: 'invoice', header: 'Invoice to', value: (e) => [e.invoiceName, e.invoiceEmail].filter(Boolean).join(', '), sortable: false },
  ];
  const rowActions: RowAction<CountryEntryRow>[] = canEdit
    ? [
        { label: 'Edit', run: (e) => setEditing(e) },
        {
          label: 'Remove',
          color: 'red',
          confirm: (e) => ({ title: 'Remove this entry?', message: `${e.countryName} is no longer entered in this olympiad.`, danger: true, confirmLabel: 'Remove' }),
          run: async (e) => {
            const result = await deleteCountryEntry(e.id);
            if (!result.ok) return alertError(result.message);
            await Promise.all([queryClient.invalidateQueries({ queryKey: countryEntryKeys.all }), queryClient.invalidateQueries({ queryKey: countryKeys.all })]);
          },
        },
      ]
    : [];
  return (
    <Stack>
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">The countries entered in this olympiad (enter a country under Countries).</Text>
      </div>
      <DataGrid<CountryEntryRow>
        label="Participating countries"
        queryKey={countryEntryKeys.list(olympiadId)}
        columns={columns}
        fetchRows={grid.fetchRows}
        exportFile={grid.exportFile}
        getRowId={(e) => String(e.id)}
        exportName="participating-countries"
        rowActions={rowActions}
        initialSort={[{ id: 'countryName', desc: false }]}
        searchPlaceholder="Search by country or team leader"
      />
      <CountryEntryEditor entry={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
