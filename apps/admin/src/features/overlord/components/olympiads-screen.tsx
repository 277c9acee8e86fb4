// /overlord/edit/olympiads: every olympiad, opened, closed, pinned and unpinned here, and a new one (a
// new year's) made closed, for its admin to write the paper and open.
import { useState } from 'react';
import { Badge, Button, NumberInput, Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { FormModal } from '@olympiad/shared/ui/form/form-modal';
import { changeAction } from '@olympiad/shared/resource/row-actions';
import { GridScreen } from '@olympiad/shared/resource/grid-screen';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { olympiadsQuery, useCreateOlympiad, useSetOpen, useSetPinned, type OlympiadRow } from '../api/olympiads';

const columns: GridColumn<OlympiadRow>[] = [
  { id: 'title', header: 'Title', value: (o) => o.title },
  { id: 'name', header: 'Name', value: (o) => o.name },
  { id: 'project', header: 'Project', value: (o) => o.projectName },
  { id: 'year', header: 'Year', value: (o) => o.year, width: 80 },
  { id: 'kind', header: 'Kind', value: (o) => o.kind, width: 100 },
  {
    id: 'open',
    header: 'State',
    value: (o) => (o.isOpen ? 'open' : 'closed'),
    cell: (o) => (o.isOpen ? <Badge color="green">open</Badge> : <Badge variant="light">closed</Badge>),
    filter: { type: 'select', options: [{ value: 'open', label: 'open' }, { value: 'closed', label: 'closed' }] },
    width: 100,
  },
  { id: 'pinned', header: 'Pinned', value: (o) => (o.isPinned ? 'pinned' : ''), width: 90 },
  { id: 'duration', header: 'Minutes', value: (o) => o.durationMinutes, width: 90 },
];

function NewOlympiadModal({ opened, onClose, projects }: { opened: boolean; onClose: () => void; projects: { value: string; label: string }[] }) {
  const create = useCreateOlympiad();
  const [projectId, setProjectId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [year, setYear] = useState<number>(new Date().getFullYear() + 1);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const result = await create.mutateAsync({ projectId: Number(projectId ?? 0), name: name.trim(), title: title.trim(), year });
    if (result.ok) {
      setErrors({});
      setError(null);
      onClose();
    } else {
      setErrors(result.fields ?? {});
      setError(result.message);
    }
  };
  return (
    <FormModal opened={opened} title="New olympiad" onClose={onClose} onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }} submitting={create.isPending} submitLabel="Make it" error={error}>
      <Select label="Project" data={projects} value={projectId} onChange={setProjectId} required error={errors.projectId} />
      <TextInput label="Name in links" description="Lower-case letters, digits and dashes: geography-2027" value={name} onChange={(e) => setName(e.currentTarget.value)} required error={errors.name} />
      <TextInput label="Title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} required error={errors.title} />
      <NumberInput label="Year" value={year} onChange={(v) => setYear(Number(v))} min={2000} max={2100} required error={errors.year} />
    </FormModal>
  );
}

export function OlympiadsScreen({ route }: ScreenComponentProps) {
  const grid = useWholeListGrid(olympiadsQuery(), columns);
  const setOpen = useSetOpen();
  const setPinned = useSetPinned();
  const [creating, setCreating] = useState(false);
  const rows = useQuery(olympiadsQuery()).data ?? [];
  const projects = [...new Map(rows.map((o) => [o.projectId, o.projectName])).entries()].map(([id, name]) => ({ value: String(id), label: name }));
  const rowActions: RowAction<OlympiadRow>[] = [
    changeAction<OlympiadRow>({
      label: 'Open',
      operation: 'GET /api/olympiad/set-olympiad-open/{query}',
      hidden: (o) => o.isOpen,
      confirm: (o) => ({ title: 'Open this olympiad?', message: `${o.title} opens: its learners can sign in and write. It opens only when its paper passes verification.`, confirmLabel: 'Open it' }),
      change: (o) => setOpen.mutateAsync({ id: o.id, open: true }),
    }),
    changeAction<OlympiadRow>({
      label: 'Close',
      operation: 'GET /api/olympiad/set-olympiad-open/{query}',
      hidden: (o) => !o.isOpen,
      confirm: (o) => ({ title: 'Close this olympiad?', message: `${o.title} closes: no learner can start it any more.`, confirmLabel: 'Close it', danger: true }),
      change: (o) => setOpen.mutateAsync({ id: o.id, open: false }),
    }),
    changeAction<OlympiadRow>({
      label: 'Pin',
      operation: 'POST /api/olympiad/set-pinned',
      hidden: (o) => o.isPinned,
      change: (o) => setPinned.mutateAsync({ id: o.id, pinned: true }),
    }),
    changeAction<OlympiadRow>({
      label: 'Unpin',
      operation: 'POST /api/olympiad/set-pinned',
      hidden: (o) => !o.isPinned,
      change: (o) => setPinned.mutateAsync({ id: o.id, pinned: false }),
    }),
  ];
  return (
    <GridScreen title={route.title} description="Every olympiad of every project: open or close it, pin it, or make a new one.">
      <DataGrid<OlympiadRow>
        label="Olympiads"
        {...grid}
        columns={columns}
        getRowId={(o) => String(o.id)}
        exportName="olympiads"
        rowActions={rowActions}
        searchPlaceholder="Search by title, name or project"
        toolbar={<Button onClick={() => setCreating(true)}>New olympiad</Button>}
      />
      <NewOlympiadModal opened={creating} onClose={() => setCreating(false)} projects={projects} />
    </GridScreen>
  );
}
