// /overlord/edit/olympiads: every olympiad, opened, closed, pinned and unpinned here, and a new one (a
// new year's) made closed, for its admin to write the paper and open.
import { useQuery } from '@tanstack/react-query';
import { Badge } from '@mantine/core';
import type { GridColumn } from '@olympiad/shared/ui/data-grid/grid-types';
import { NumberField, SelectField, TextField } from '@olympiad/shared/ui/form/form-fields';
import { changeAction } from '@olympiad/shared/resource/row-actions';
import { ResourceGrid } from '@olympiad/shared/resource/resource-grid';
import { useResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import { limits } from '@olympiad/shared/lib/field-limits';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { newOlympiadSchema, olympiadsQuery, useCreateOlympiad, useSetOpen, useSetPinned, type NewOlympiadValues, type OlympiadRow } from '../api/olympiads';

const years = limits.NewOlympiad.year;

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

export function OlympiadsScreen({ route }: ScreenComponentProps) {
  const grid = useWholeListGrid(olympiadsQuery(), columns);
  const [setOpen, setPinned, create] = [useSetOpen(), useSetPinned(), useCreateOlympiad()];
  const empty: NewOlympiadValues = { projectId: '', name: '', title: '', year: new Date().getFullYear() + 1 };
  // Only new olympiads are made here: the editor never opens on a row.
  const editor = useResourceEditor({ schema: newOlympiadSchema, empty, valuesOf: (_olympiad: OlympiadRow) => empty, save: (values) => create.mutateAsync(values) });
  const rows = useQuery(olympiadsQuery()).data ?? [];
  const projects = [...new Map(rows.map((o) => [o.projectId, o.projectName])).entries()].map(([id, name]) => ({ value: String(id), label: name }));
  const rowActions = [
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
  const { control } = editor.form;
  return (
    <ResourceGrid
      title={route.title}
      description="Every olympiad of every project: open or close it, pin it, or make a new one."
      label="Olympiads"
      {...grid}
      columns={columns}
      rowActions={rowActions}
      searchPlaceholder="Search by title, name or project"
      editor={editor}
      create={{ label: 'New olympiad', operation: 'POST /api/olympiad' }}
      submitLabel="Make it"
    >
      <SelectField control={control} name="projectId" label="Project" data={projects} required />
      <TextField control={control} name="name" label="Name in links" description="Lower-case letters, digits and dashes: geography-2027" required />
      <TextField control={control} name="title" label="Title" required />
      <NumberField control={control} name="year" label="Year" min={years.minimum} max={years.maximum} allowDecimal={false} required />
    </ResourceGrid>
  );
}
