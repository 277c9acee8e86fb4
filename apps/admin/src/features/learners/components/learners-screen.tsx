// Learners: the learners of the schools entered in this olympiad, their grade, class and the consent of a
// parent or guardian (POPIA). Admins correct a record or delete a learner who has not written.
import { useMemo } from 'react';
import { SimpleGrid } from '@mantine/core';
import type { GridColumn } from '@olympiad/shared/ui/data-grid/grid-types';
import { CheckboxField, SelectField, TextField } from '@olympiad/shared/ui/form/form-fields';
import { languageOptions, provinceOptions } from '@olympiad/shared/lib/south-africa';
import { useResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import { deleteAction, editAction } from '@olympiad/shared/resource/row-actions';
import { ResourceGrid } from '@olympiad/shared/resource/resource-grid';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useScreenOlympiad } from '../../olympiad/use-screen-olympiad';
import { learnersGrid, type LearnerRow } from '../api/get-learners';
import { emptyLearner, learnerSchema, learnerValues, useDeleteLearner, useUpdateLearner } from '../api/save-learner';

const grades = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((g) => ({ value: String(g), label: `Grade ${g}` }));
const genders = [
  { value: 'F', label: 'Female' },
  { value: 'M', label: 'Male' },
  { value: 'X', label: 'Other' },
];

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

export function LearnersScreen({ route }: ScreenComponentProps) {
  const { olympiadId } = useScreenOlympiad();
  const grid = useMemo(() => learnersGrid(olympiadId), [olympiadId]);
  const [update, remove] = [useUpdateLearner(), useDeleteLearner()];
  const editor = useResourceEditor({
    schema: learnerSchema,
    empty: emptyLearner,
    valuesOf: learnerValues,
    save: (values, learner) => update.mutateAsync({ id: learner?.id ?? 0, values }),
  });
  const rowActions = [
    editAction(editor),
    deleteAction<LearnerRow>({
      confirm: (l) => ({ title: 'Delete this learner?', message: `${l.firstName} ${l.lastName} and their sign-ins are deleted. A learner who has written is kept.` }),
      change: (l) => remove.mutateAsync(l.id),
    }),
  ];
  const { control } = editor.form;

  return (
    <ResourceGrid
      title={route.title}
      description="The learners of the schools entered in this olympiad."
      label="Learners"
      {...grid}
      columns={columns}
      rowActions={rowActions}
      initialSort={[{ id: 'name', desc: false }]}
      searchPlaceholder="Search by name or school"
      editor={editor}
      editorTitle={(learner) => (learner ? `Edit ${learner.firstName} ${learner.lastName}` : '')}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField control={control} name="firstName" label="First name" required />
        <TextField control={control} name="lastName" label="Last name" required />
        <SelectField control={control} name="grade" label="Grade" data={grades} required />
        <TextField control={control} name="className" label="Class" />
        <SelectField control={control} name="gender" label="Gender" data={genders} clearable />
        <SelectField control={control} name="homeLanguage" label="Home language" data={languageOptions} clearable searchable />
      </SimpleGrid>
      <TextField control={control} name="email" label="E-mail" type="email" />
      <CheckboxField control={control} name="consentGiven" label="A parent or guardian consented to these details being kept" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField control={control} name="consentBy" label="Consent given by" />
        <TextField control={control} name="consentRelationship" label="Relationship to the learner" />
      </SimpleGrid>
    </ResourceGrid>
  );
}
