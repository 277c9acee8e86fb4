// Learners: the learners of the schools entered in this olympiad, their grade, class and the consent of a
// parent or guardian (POPIA). Admins correct a record or delete a learner who has not written.
import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { FormModal } from '@olympiad/shared/ui/form/form-modal';
import { CheckboxField, SelectField, TextField } from '@olympiad/shared/ui/form/form-fields';
import { useZodForm } from '@olympiad/shared/ui/form/use-zod-form';
import { applyServerErrors } from '@olympiad/shared/ui/form/server-errors';
import { languageOptions, provinceOptions } from '@olympiad/shared/lib/south-africa';
import { alertError, notify } from '@olympiad/shared/feedback/notifications';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useScreenOlympiad } from '../../olympiad/use-screen-olympiad';
import { learnerKeys, learnersGrid, type LearnerRow } from '../api/get-learners';
import { deleteLearner, learnerSchema, updateLearner, type LearnerValues } from '../api/save-learner';

const grades = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((g) => ({ value: String(g), label: `Grade ${g}` }));
const genders = [
  { value: 'F', label: 'Female' },
  { value: 'M', label: 'Male' },
  { value: 'X', label: 'Other' },
];
const emptyLearner: LearnerValues = { firstName: '', lastName: '', grade: '', className: '', gender: null, homeLanguage: null, email: '', consentGiven: false, consentBy: '', consentRelationship: '' };

function LearnerEditor({ learner, onClose }: { learner: LearnerRow | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useZodForm(learnerSchema, emptyLearner);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!learner) return;
    setError(null);
    form.reset({
      firstName: learner.firstName,
      lastName: learner.lastName,
      grade: String(learner.grade),
      className: learner.className,
      gender: learner.gender || null,
      homeLanguage: learner.homeLanguage || null,
      email: learner.email ?? '',
      consentGiven: learner.consentGiven,
      consentBy: learner.consentBy,
      consentRelationship: learner.consentRelationship,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [learner]);
  const submit = form.handleSubmit(async (values) => {
    if (!learner) return;
    const result = await updateLearner(learner.id, values);
    if (!result.ok) {
      setError(applyServerErrors(result, (name, e) => form.setError(name as 'firstName', e), Object.keys(emptyLearner)));
      return;
    }
    notify('The learner is saved.', { tone: 'success' });
    await queryClient.invalidateQueries({ queryKey: learnerKeys.all });
    onClose();
  });
  return (
    <FormModal opened={learner !== null} title={learner ? `Edit ${learner.firstName} ${learner.lastName}` : ''} onClose={onClose} onSubmit={submit} submitting={form.formState.isSubmitting} error={error}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField control={form.control} name="firstName" label="First name" required />
        <TextField control={form.control} name="lastName" label="Last name" required />
        <SelectField control={form.control} name="grade" label="Grade" data={grades} required />
        <TextField control={form.control} name="className" label="Class" />
        <SelectField control={form.control} name="gender" label="Gender" data={genders} clearable />
        <SelectField control={form.control} name="homeLanguage" label="Home language" data={languageOptions} clearable searchable />
      </SimpleGrid>
      <TextField control={form.control} name="email" label="E-mail" type="email" />
      <CheckboxField control={form.control} name="consentGiven" label="A parent or guardian consented to these details being kept" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField control={form.control} name="consentBy" label="Consent given by" />
        <TextField control={form.control} name="consentRelationship" label="Relationship to the learner" />
      </SimpleGrid>
    </FormModal>
  );
}

export function LearnersScreen({ route }: ScreenComponentProps) {
  const { olympiadId } = useScreenOlympiad();
  const queryClient = useQueryClient();
  const grid = useMemo(() => learnersGrid(olympiadId), [olympiadId]);
  const [editing, setEditing] = useState<LearnerRow | null>(null);
  const columns: GridColumn<LearnerRow>[] = [
    { id: 'name', header: 'Learner', value: (l) => `${l.firstName} ${l.lastName}` },
    { id: 'grade', header: 'Grade', value: (l) => l.grade, filter: { type: 'select', options: grades }, width: 90 },
    { id: 'className', header: 'Class', value: (l) => l.className, sortable: false, width: 80 },
    { id: 'gender', header: 'Gender', value: (l) => l.gender, sortable: false, width: 80 },
    { id: 'homeLanguage', header: 'Home language', value: (l) => l.homeLanguage, sortable: false },
    { id: 'schoolName', header: 'School', value: (l) => l.schoolName },
    { id: 'province', header: 'Province', value: (l) => l.province, filter: { type: 'select', options: provinceOptions } },
    { id: 'consent', header: 'Consent', value: (l) => l.consentGiven, sortable: false, searchable: false },
  ];
  const rowActions: RowAction<LearnerRow>[] = [
    { label: 'Edit', run: (l) => setEditing(l) },
    {
      label: 'Delete',
      color: 'red',
      confirm: (l) => ({ title: 'Delete this learner?', message: `${l.firstName} ${l.lastName} and their sign-ins are deleted. A learner who has written is kept.`, danger: true, confirmLabel: 'Delete' }),
      run: async (l) => {
        const result = await deleteLearner(l.id);
        if (!result.ok) return alertError(result.message);
        notify('The learner is deleted.', { tone: 'success' });
        await queryClient.invalidateQueries({ queryKey: learnerKeys.all });
      },
    },
  ];
  return (
    <Stack>
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">The learners of the schools entered in this olympiad.</Text>
      </div>
      <DataGrid<LearnerRow>
        label="Learners"
        queryKey={learnerKeys.list(olympiadId)}
        columns={columns}
        fetchRows={grid.fetchRows}
        exportFile={grid.exportFile}
        getRowId={(l) => String(l.id)}
        exportName="learners"
        rowActions={rowActions}
        initialSort={[{ id: 'name', desc: false }]}
        searchPlaceholder="Search by name or school"
      />
      <LearnerEditor learner={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
