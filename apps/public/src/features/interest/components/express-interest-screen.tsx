// /:projectName/express-interest: a teacher (or a parent, learner, tutor) asks to take part. A teacher's
// expression becomes their school's entry once the olympiad office has processed it; first they confirm
// their e-mail address with the link sent to it.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useController } from 'react-hook-form';
import { useZodForm } from '@olympiad/shared/ui/form/use-zod-form';
import { FormAlert, SelectField, SubmitButton, TextareaField, TextField } from '@olympiad/shared/ui/form/form-fields';
import { applyServerErrors } from '@olympiad/shared/ui/form/server-errors';
import { provinceOptions } from '@olympiad/shared/lib/south-africa';
import { findProject, useProjects } from '@olympiad/shared/features/projects/api/get-projects';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { expressInterest, interestSchema, type InterestValues } from '../api/express-interest';

const empty: InterestValues = {
  type: 'teacher',
  title: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  schoolName: '',
  emisNumber: '',
  province: null,
  town: '',
  subject: '',
  organisation: '',
  relationship: '',
  message: '',
  website: '',
};

/** Off the screen rather than hidden, which some robots skip. */
const TRAP = { position: 'absolute', left: '-10000px', width: '1px', height: '1px', overflow: 'hidden' } as const;

export function ExpressInterestScreen({ route }: ScreenComponentProps) {
  const { projectName = '' } = useParams();
  const projects = useProjects();
  const project = projects.data ? findProject(projects.data, projectName) : undefined;
  const form = useZodForm(interestSchema, empty);
  const type = useController({ control: form.control, name: 'type' });
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<{ email: string; olympiad: string } | null>(null);
  const teacher = type.field.value === 'teacher';

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const result = await expressInterest(projectName, values);
    if (!result.ok) {
      setError(applyServerErrors(result, (name, e) => form.setError(name as 'email', e), Object.keys(empty)));
      return;
    }
    setSentTo({ email: result.data.email, olympiad: result.data.olympiadTitle });
  });

  if (sentTo) {
    return (
      <Stack maw={640}>
        <Title order={1}>Thank you</Title>
        <Alert color="green" title="Please confirm your e-mail address">
          We sent a link to <b>{sentTo.email}</b>. Open it to confirm your address; the office of the {sentTo.olympiad} then takes your request further and writes to you.
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack maw={720}>
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">{project ? `Take part in the ${project.name}.` : 'Take part in the olympiad.'} Teachers enter their school; others are told how learners take part.</Text>
      </div>
      <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate aria-label="Express interest">
        <Stack>
          <SegmentedControl
            aria-label="I am"
            data={[
              { value: 'teacher', label: 'I am a teacher' },
              { value: 'other', label: 'I am a parent, learner or other' },
            ]}
            value={type.field.value}
            onChange={(value) => type.field.onChange(value)}
          />
          <FormAlert message={error} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextField control={form.control} name="title" label="Title" placeholder="Ms, Mr, Dr" />
            <TextField control={form.control} name="firstName" label="First name" required autoComplete="given-name" />
            <TextField control={form.control} name="lastName" label="Last name" required autoComplete="family-name" />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField control={form.control} name="email" label="E-mail address" type="email" required autoComplete="email" />
            <TextField control={form.control} name="phone" label="Phone" type="tel" autoComplete="tel" />
          </SimpleGrid>
          {teacher ? (
            <>
              <TextField control={form.control} name="schoolName" label="School" required />
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <SelectField control={form.control} name="province" label="Province" data={provinceOptions} required searchable />
                <TextField control={form.control} name="town" label="Town" />
                <TextField control={form.control} name="emisNumber" label="EMIS number" description="If you know it" />
              </SimpleGrid>
              <TextField control={form.control} name="subject" label="Subject you teach" />
            </>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField control={form.control} name="relationship" label="You are a" placeholder="Parent, learner, tutor" />
              <TextField control={form.control} name="organisation" label="School or organisation" />
            </SimpleGrid>
          )}
          <TextareaField control={form.control} name="message" label="Message" minRows={3} />
          <div style={TRAP} aria-hidden="true">
            <label>
              Leave this empty
              <input type="text" tabIndex={-1} autoComplete="off" {...form.register('website')} />
            </label>
          </div>
          <SubmitButton submitting={form.formState.isSubmitting}>Send</SubmitButton>
        </Stack>
      </Paper>
    </Stack>
  );
}
