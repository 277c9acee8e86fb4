// A learner corrected or added by hand, beside the list of learners loaded. Editing shows every field of
// the record; one the school may not change now (the names once the results are released, the grade once
// the learner has started writing) is shown read-only with the server's reason. Adding one late learner
// is checked as a row of the spreadsheet is, and answers their sign-in for the login slip.
import type { ReactNode } from 'react';
import { Alert, SimpleGrid, Skeleton } from '@mantine/core';
import type { Control } from 'react-hook-form';
import type { Credential } from '@olympiad/shared/features/learners/api/participants';
import { useRecordForm } from '@olympiad/shared/resource/use-record-form';
import { FormModal } from '@olympiad/shared/ui/form/form-modal';
import { CheckboxField, SelectField, TextField } from '@olympiad/shared/ui/form/form-fields';
import {
  emptyLearner,
  learnerSchema,
  learnerValues,
  useAddLearner,
  useCorrectLearner,
  useLearnerCorrection,
  type LearnerCorrection,
  type LearnerValues,
} from '../api/correct-learners';

const genders = [
  { value: 'F', label: 'Female' },
  { value: 'M', label: 'Male' },
  { value: 'X', label: 'Other' },
];

/** Field to the reason it cannot change now. */
type Fixed = Record<string, string>;

function LearnerFields({ control, grades, fixed }: { control: Control<LearnerValues>; grades: number[]; fixed: Fixed }) {
  const gradeOptions = grades.map((g) => ({ value: String(g), label: `Grade ${g}` }));
  const held = (name: 'firstName' | 'lastName' | 'grade') => ({ disabled: fixed[name] !== undefined, description: fixed[name] });
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField control={control} name="firstName" label="First name" required {...held('firstName')} />
        <TextField control={control} name="lastName" label="Last name" required {...held('lastName')} />
        <SelectField control={control} name="grade" label="Grade" data={gradeOptions} required {...held('grade')} />
        <TextField control={control} name="className" label="Class" />
        <SelectField control={control} name="gender" label="Gender" data={genders} clearable />
        <TextField control={control} name="email" label="E-mail" type="email" />
      </SimpleGrid>
      <CheckboxField control={control} name="consentGiven" label="A parent or guardian consented to these details being kept" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField control={control} name="consentBy" label="Consent given by" />
        <TextField control={control} name="consentRelationship" label="Relationship to the learner" />
      </SimpleGrid>
    </>
  );
}

/** Corrects the learner `learnerId` (null: closed). */
export function CorrectLearnerModal({ learnerId, grades, onClose }: { learnerId: number | null; grades: number[]; onClose: () => void }) {
  const correction = useLearnerCorrection(learnerId);
  const correcting = useCorrectLearner();
  const record = correction.data;
  const editor = useRecordForm({
    schema: learnerSchema,
    record: learnerId === null ? undefined : record,
    valuesOf: learnerValues,
    save: (values) => (record ? correcting.mutateAsync({ correction: record, values }) : Promise.resolve(null)),
    onSaved: onClose,
  });
  let body: ReactNode;
  if (correction.isError) body = <Alert color="red">{correction.error.message}</Alert>;
  else if (!record) body = <Skeleton height={240} />;
  else body = <LearnerFields control={editor.form.control} grades={gradesWith(grades, record)} fixed={record.fixed} />;
  return (
    <FormModal
      opened={learnerId !== null}
      title={record ? `Edit ${record.learner.firstName} ${record.learner.lastName}` : 'Edit the learner'}
      onClose={onClose}
      onSubmit={editor.submit}
      submitting={editor.submitting}
      error={editor.error}
    >
      {body}
    </FormModal>
  );
}

/** The olympiad's grades, and the learner's own when the office entered another. */
function gradesWith(grades: number[], record: LearnerCorrection): number[] {
  return grades.includes(record.learner.grade) ? grades : [...grades, record.learner.grade].sort((a, b) => a - b);
}

/** Adds one late learner to the entry; `onAdded` gets their sign-in. */
export function AddLearnerModal({
  opened,
  schoolParticipantId,
  grades,
  onClose,
  onAdded,
}: {
  opened: boolean;
  schoolParticipantId: number;
  grades: number[];
  onClose: () => void;
  onAdded: (credential: Credential) => void;
}) {
  const adding = useAddLearner();
  const editor = useRecordForm({
    schema: learnerSchema,
    record: opened ? null : undefined,
    valuesOf: (values: LearnerValues) => values,
    empty: emptyLearner,
    save: (values) => adding.mutateAsync({ schoolParticipantId, values }),
    onSaved: (credential, form) => {
      form.reset(emptyLearner);
      onAdded(credential);
    },
  });
  return (
    <FormModal opened={opened} title="Add a learner" onClose={onClose} onSubmit={editor.submit} submitting={editor.submitting} error={editor.error} submitLabel="Add the learner">
      <LearnerFields control={editor.form.control} grades={grades} fixed={{}} />
    </FormModal>
  );
}
