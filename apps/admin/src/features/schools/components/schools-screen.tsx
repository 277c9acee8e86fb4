// Schools (staff, per olympiad) and All Schools (overlord): every school, searchable and filterable by
// province, sector and whether it is entered; staff who may edit add, change and enter schools, and the
// overlord deletes schools nothing refers to (the others are merged).
import { useMemo } from 'react';
import { Badge, Text } from '@mantine/core';
import type { BulkAction, GridColumn } from '@olympiad/shared/ui/data-grid/grid-types';
import { provinceOptions } from '@olympiad/shared/lib/south-africa';
import { SchoolFields } from '@olympiad/shared/features/schools/school-fields';
import { emptySchool, schoolInput, schoolSchema, schoolValues } from '@olympiad/shared/features/schools/school-schema';
import { useResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import { changeAction, deleteAction, editAction } from '@olympiad/shared/resource/row-actions';
import { ResourceGrid } from '@olympiad/shared/resource/resource-grid';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useScreenOlympiad } from '../../olympiad/use-screen-olympiad';
import { schoolsGrid, type SchoolRow } from '../api/get-schools';
import { useSaveSchool } from '../api/save-school';
import { useDeleteSchool } from '../api/delete-school';
import { useEnterSchools } from '../../entries/api/create-entry';

const sectors = ['public', 'independent'].map((s) => ({ value: s, label: s }));
const yesNo = [
  { value: 'yes', label: 'Entered' },
  { value: 'no', label: 'Not entered' },
];

const columns = (olympiadId: number | undefined): GridColumn<SchoolRow>[] => [
  { id: 'name', header: 'Name', value: (s) => s.name },
  { id: 'emisNumber', header: 'EMIS', value: (s) => s.emisNumber ?? '' },
  { id: 'province', header: 'Province', value: (s) => s.province, filter: { type: 'select', options: provinceOptions } },
  { id: 'town', header: 'Town', value: (s) => s.town },
  { id: 'sector', header: 'Sector', value: (s) => s.sector, filter: { type: 'select', options: sectors }, sortable: false },
  { id: 'quintile', header: 'Quintile', value: (s) => s.quintile ?? null, width: 90 },
  olympiadId === undefined
    ? { id: 'entries', header: 'Entries', value: (s) => s.entryCount, sortable: false, width: 90 }
    : {
        id: 'entered',
        header: 'This olympiad',
        value: (s) => s.entryStatus ?? 'not entered',
        cell: (s) => (s.entryStatus ? <Badge variant="light">{s.entryStatus}</Badge> : <Text size="sm" c="dimmed">not entered</Text>),
        filter: { type: 'select', options: yesNo },
        sortable: false,
      },
];

export function SchoolsScreen({ route }: ScreenComponentProps) {
  const { olympiadId } = useScreenOlympiad();
  const grid = useMemo(() => schoolsGrid(olympiadId), [olympiadId]);
  const [save, remove, enter] = [useSaveSchool(), useDeleteSchool(), useEnterSchools()];
  const editor = useResourceEditor({
    schema: schoolSchema,
    empty: emptySchool,
    valuesOf: schoolValues,
    save: (values, school: SchoolRow | null) => save.mutateAsync({ id: school?.id ?? null, body: schoolInput(values) }),
  });
  const rowActions = [
    editAction(editor, 'PUT /api/school/{id}'),
    changeAction<SchoolRow>({
      label: 'Enter',
      operation: 'POST /api/school-participant',
      hidden: (school) => olympiadId === undefined || school.schoolParticipantId != null,
      confirm: (school) => ({ title: 'Enter this school?', message: `${school.name} is entered in this olympiad.`, confirmLabel: 'Enter it' }),
      // Hidden on All Schools, which has no olympiad: it runs only with one.
      change: (school) => enter.mutateAsync({ olympiadId: olympiadId ?? 0, schools: [school] }),
    }),
    deleteAction<SchoolRow>({
      operation: 'DELETE /api/school/{id}',
      hidden: (school) => school.entryCount > 0,
      confirm: (school) => ({ title: 'Delete this school?', message: `${school.name} is deleted. A school with teachers or learners cannot be deleted: merge it instead.` }),
      change: (school) => remove.mutateAsync(school.id),
    }),
  ];
  const bulkActions: BulkAction<SchoolRow>[] =
    olympiadId === undefined
      ? []
      : [
          changeAction<SchoolRow[]>({
            label: 'Enter in this olympiad',
            operation: 'POST /api/school-participant',
            confirm: (rows) => ({ title: 'Enter these schools?', message: `${rows.length} school(s) are entered in this olympiad (those entered already stay as they are).` }),
            change: (rows) => enter.mutateAsync({ olympiadId, schools: rows }),
          }),
        ];

  return (
    <ResourceGrid
      title={route.title}
      description={olympiadId === undefined ? 'Every school on the platform, in every olympiad.' : 'Every school on the platform, and whether it is entered in this olympiad.'}
      label="Schools"
      {...grid}
      columns={columns(olympiadId)}
      rowActions={rowActions}
      bulkActions={bulkActions}
      initialSort={[{ id: 'name', desc: false }]}
      searchPlaceholder="Search by name, town, EMIS number or e-mail"
      editor={editor}
      create={{ label: 'New school', operation: 'POST /api/school' }}
      editorTitle={(school) => (school ? `Edit ${school.name}` : 'New school')}
    >
      <SchoolFields control={editor.form.control} international />
    </ResourceGrid>
  );
}
