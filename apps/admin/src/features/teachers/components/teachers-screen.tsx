// Teachers (this olympiad's), All Teachers and Team Admins: one screen in three scopes. Staff who may edit
// correct a teacher's names, cell, subject and school.
import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Stack, Text, Title } from '@mantine/core';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { FormModal } from '@olympiad/shared/ui/form/form-modal';
import { TextField } from '@olympiad/shared/ui/form/form-fields';
import { useZodForm } from '@olympiad/shared/ui/form/use-zod-form';
import { applyServerErrors } from '@olympiad/shared/ui/form/server-errors';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { useStoredUser } from '@olympiad/shared/session/stored-user';
import { notify } from '@olympiad/shared/feedback/notifications';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useScreenOlympiad } from '../../olympiad/use-screen-olympiad';
import { teacherKeys, teachersGrid, type TeacherRow } from '../api/get-teachers';
import { teacherSchema, updateTeacher, type TeacherValues } from '../api/update-teacher';
import { SchoolPicker } from '../../schools/components/school-picker';
import type { SchoolRow } from '../../schools/api/get-schools';

const emptyTeacher: TeacherValues = { title: '', firstName: '', lastName: '', cell: '', subject: '' };

function TeacherEditor({ teacher, onClose }: { teacher: TeacherRow | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useZodForm(teacherSchema, emptyTeacher);
  const [error, setError] = useState<string | null>(null);
  const [school, setSchool] = useState<SchoolRow | null>(null);
  useEffect(() => {
    if (!teacher) return;
    setError(null);
    form.reset({ title: teacher.title, firstName: teacher.firstName, lastName: teacher.lastName, cell: teacher.cell, subject: teacher.subject });
    setSchool(teacher.schoolId && teacher.schoolName ? ({ id: teacher.schoolId, name: teacher.schoolName } as SchoolRow) : null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [teacher]);
  const submit = form.handleSubmit(async (values) => {
    if (!teacher) return;
    const result = await updateTeacher(teacher.id, values, school?.id ?? null);
    if (!result.ok) {
      setError(applyServerErrors(result, (name, e) => form.setError(name as 'title', e), Object.keys(emptyTeacher)));
      return;
    }
    notify('The teacher is saved.', { tone: 'success' });
    await queryClient.invalidateQueries({ queryKey: teacherKeys.all });
    onClose();
  });
  return (
    <FormModal opened={teacher !== null} title={teacher ? `Edit ${teacher.firstName} ${teacher.lastName}` : ''} onClose={onClose} onSubmit={submit} submitting={form.formState.isSubmitting} error={error}>
      <TextField control={form.control} name="title" label="Title" />
      <TextField control={form.control} name="firstName" label="First name" required />
      <TextField control={form.control} name="lastName" label="Last name" required />
      <TextField control={form.control} name="cell" label="Cell number" type="tel" />
      <TextField control={form.control} name="subject" label="Subject" />
      <SchoolPicker label="School" value={school} onChange={setSchool} />
    </FormModal>
  );
}

export function TeachersScreen({ route }: ScreenComponentProps) {
  const { olympiadId } = useScreenOlympiad();
  const role = useStoredUser()?.role;
  const teamAdmins = route.key === 'teamAdmins';
  const all = route.props.all === true;
  const scope = useMemo(() => ({ ...(olympiadId === undefined ? {} : { olympiadId }), all, teamAdmins }), [olympiadId, all, teamAdmins]);
  const grid = useMemo(() => teachersGrid(scope), [scope]);
  const [editing, setEditing] = useState<TeacherRow | null>(null);

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
  const rowActions: RowAction<TeacherRow>[] = role === 'admin' || role === 'overlord' ? [{ label: 'Edit', run: (t) => setEditing(t) }] : [];
  const blurb = teamAdmins
    ? 'The teachers who run a school’s entry in this olympiad.'
    : all
      ? 'Every teacher on the platform.'
      : 'The teachers in the team of a school entered in this olympiad.';

  return (
    <Stack>
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">{blurb}</Text>
      </div>
      <DataGrid<TeacherRow>
        label="Teachers"
        queryKey={teacherKeys.list(scope)}
        columns={columns}
        fetchRows={grid.fetchRows}
        exportFile={grid.exportFile}
        getRowId={(t) => String(t.id)}
        exportName={teamAdmins ? 'team-admins' : 'teachers'}
        rowActions={rowActions}
        initialSort={[{ id: 'name', desc: false }]}
        searchPlaceholder="Search by name, e-mail or school"
      />
      <TeacherEditor teacher={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
