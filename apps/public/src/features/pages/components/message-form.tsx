// The contact form (and the MyTutor form): a question to the olympiad office, or a learner asking for
// MyTutor. It goes to the office as an expression of interest from someone who is not a teacher.
import { useState } from 'react';
import { Alert, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useZodForm } from '@olympiad/shared/ui/form/use-zod-form';
import { FormAlert, SelectField, SubmitButton, TextareaField, TextField } from '@olympiad/shared/ui/form/form-fields';
import { applyServerErrors } from '@olympiad/shared/ui/form/server-errors';
import { useProjects } from '@olympiad/shared/features/projects/api/get-projects';
import { messageSchema, sendMessage, type MessageKind, type MessageValues } from '../api/send-message';
import classes from './message-form.module.css';

type MessageFormProps = {
  kind: MessageKind;
  /** The project the message is about; without it the writer chooses one. */
  projectName?: string;
  heading: string;
};

export function MessageForm({ kind, projectName, heading }: MessageFormProps) {
  const projects = useProjects();
  const empty: MessageValues = { projectName: projectName ?? '', firstName: '', lastName: '', email: '', phone: '', message: '', website: '' };
  const form = useZodForm(messageSchema, empty);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const result = await sendMessage(values, kind);
    if (!result.ok) {
      setError(applyServerErrors(result, (name, e) => form.setError(name as 'email', e), Object.keys(empty)));
      return;
    }
    setSentTo(result.data.email);
  });

  if (sentTo) {
    return (
      <Alert color="green" title="Thank you">
        We sent a link to <b>{sentTo}</b>. Open it to confirm your address; the olympiad office then answers you.
      </Alert>
    );
  }
  const choices = (projects.data ?? []).filter((p) => p.olympiads.some((o) => o.isOpen)).map((p) => ({ value: p.slug, label: p.name }));
  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate aria-labelledby="message-form-heading">
      <Stack>
        <Title order={2} size="h3" id="message-form-heading">
          {heading}
        </Title>
        <FormAlert message={error} />
        {projectName === undefined && <SelectField control={form.control} name="projectName" label="Olympiad" data={choices} required />}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField control={form.control} name="firstName" label="First name" required autoComplete="given-name" />
          <TextField control={form.control} name="lastName" label="Last name" required autoComplete="family-name" />
          <TextField control={form.control} name="email" label="E-mail address" type="email" required autoComplete="email" />
          <TextField control={form.control} name="phone" label="Phone" type="tel" autoComplete="tel" />
        </SimpleGrid>
        <TextareaField control={form.control} name="message" label={kind === 'mytutor' ? 'Your grade and what you would like help with' : 'Message'} minRows={4} />
        {/* People never see this field; a robot that fills it is answered and ignored. */}
        <div className={classes.trap} aria-hidden="true">
          <label>
            Leave this empty
            <input type="text" tabIndex={-1} autoComplete="off" {...form.register('website')} />
          </label>
        </div>
        <SubmitButton submitting={form.formState.isSubmitting}>Send</SubmitButton>
      </Stack>
    </Paper>
  );
}
