// Teachers (this olympiad's), All Teachers and Team Admins: one screen in three scopes. Staff who may edit
// correct a teacher's names, cell, subject and school.
import { useMemo, useState } from 'react';
import { Badge, Text } from '@mantine/core';
import type { GridColumn } from '@olympiad/shared/ui/data-grid/grid-types';
import { TextField } from '@olympiad/shared/ui/form/form-fields';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { editAction } from '@olympiad/shared/resource/row-actions';
import { useResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import { ResourceGrid } from '@olympiad/shared/resource/resource-grid';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useScreenOlympiad } from '../../olympiad/use-screen-olympiad';
import { teachersGrid, type TeacherRow } from '../api/get-teachers';
import { teacherSchema, useUpdateTeacher, type TeacherValues } from '../api/update-teacher';
import { SchoolPicker } from '../../schools/school-picker';
import type { SchoolRow } from '../../schools/api/get-schools';

const emptyTeacher: TeacherValues = { title: '', firstName: '', lastName: '', cell: '', subject: '' };
const teacherValues = (t: TeacherRow): TeacherValues => ({ title: t.title, firstName: t.firstName, lastName: t.lastName, cell: t.cell, subject: t.subject });
const schoolOf = (t: TeacherRow | null) => (t?.schoolId && t.schoolName ? ({ id: t.schoolId, name: t.schoolName } as SchoolRow) : null);

const columns: GridColumn<TeacherRow>[] = [
  { id: 'name', header: 'Name', value: (t) => [t.title, t.firstName, t.lastName].filter(Boolean).join(' ') },
  { id: 'email', header: 'E-mail', value: (t) => t.email ?? '' },
  { id: 'cell', header: 'Cell', value: (t) => t.cell, sortable: false },
  { id: 'subject', header: 'Subject', value: (t) => t.subject, sortable: false },
  { id: 'schoolName', header: 'School', value: (t) => t.schoolName ?? '' },
  {
    id: 'teamAdmin',
    header: 'Team',
    value: (t) => (t.teams.some((p) => p.isTeamAdmin) ? 'team admin' : t.teams.length > 0 ? 'member' : ''),
    cell: (t) => (t.teams.some((p) => p.isTeamAdmin) ? <Badge>team admin</Badge> : t.teams.length > 0 ? <Text size="sm">member</Text> : null),
    sortable: false,
  },
  { id: 'lastLoginAt', header: 'Last sign-in', value: (t) => formatDateTime(parseServerTime(t.lastLoginAt), 'Never'), searchable: false },
];

export function TeachersScreen({ route }: ScreenComponentProps) {
  const { olympiadId } = useScreenOlympiad();
  const teamAdmins = route.key === 'teamAdmins';
  const all = route.props.all === true;
  const scope = useMemo(() => ({ ...(olympiadId === undefined ? {} : { olympiadId }), all, teamAdmins }), [olympiadId, all, teamAdmins]);
  const grid = useMemo(() => teachersGrid(scope), [scope]);
  const update = useUpdateTeacher();
  const [school, setSchool] = useState<SchoolRow | null>(null);
  const editor = useResourceEditor({
    schema: teacherSchema,
    empty: emptyTeacher,
    valuesOf: teacherValues,
    onOpen: (teacher: TeacherRow | null) => setSchool(schoolOf(teacher)),
    save: (values, teacher) => update.mutateAsync({ id: teacher?.id ?? 0, values, schoolId: school?.id ?? null }),
  });
  const description = teamAdmins
    ? 'The teachers who run a school’s entry in this olympiad.'
    : all
      ? 'Every teacher on the platform.'
      : 'The teachers in the team of a school entered in this olympiad.';

  return (
    <ResourceGrid
      title={route.title}
      description={description}
      label="Teachers"
      {...grid}
      columns={columns}
      rowActions={[editAction(editor, 'PUT /api/teacher/{id}')]}
      initialSort={[{ id: 'name', desc: false }]}
      searchPlaceholder="Search by name, e-mail or school"
      editor={editor}
      editorTitle={(teacher) => (teacher ? `Edit ${teacher.firstName} ${teacher.lastName}` : '')}
    >
      <TextField control={editor.form.control} name="title" label="Title" />
      <TextField control={editor.form.control} name="firstName" label="First name" required />
      <TextField control={editor.form.control} name="lastName" label="Last name" required />
      <TextField control={editor.form.control} name="cell" label="Cell number" type="tel" />
      <TextField control={editor.form.control} name="subject" label="Subject" />
      <SchoolPicker label="School" value={school} onChange={setSchool} />
    </ResourceGrid>
  );
}
