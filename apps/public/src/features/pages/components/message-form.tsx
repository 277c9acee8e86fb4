// The contact form (and the MyTutor form): a question to the olympiad office, or a learner asking for
// MyTutor. It goes to the office as an expression of interest from someone who is not a teacher.
import { useState } from 'react';
import { useProjects } from '@olympiad/shared/features/projects/api/get-projects';
import { HoneypotField, Notice, SelectField, TextAreaField, TextField } from '../../site/public-ui';
import { useForm } from '../../site/use-form';
import { messageRules, sendMessage, type MessageKind, type MessageValues } from '../api/send-message';

type MessageFormProps = {
  kind: MessageKind;
  /** The project the message is about; without it the writer chooses one. */
  projectName?: string;
  heading: string;
};

export function MessageForm({ kind, projectName, heading }: MessageFormProps) {
  const projects = useProjects();
  const empty: MessageValues = { projectName: projectName ?? '', firstName: '', lastName: '', email: '', phone: '', message: '', website: '' };
  const form = useForm(empty, messageRules);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = form.submit(async (values) => {
    const result = await sendMessage(values, kind);
    if (result.ok) setSentTo(result.data.email);
    return result;
  });

  if (sentTo) {
    return (
      <Notice tone="success" title="Thank you">
        We sent a link to <b>{sentTo}</b>. Open it to confirm your address; the olympiad office then answers you.
      </Notice>
    );
  }
  const choices = (projects.data ?? []).filter((p) => p.olympiads.some((o) => o.isOpen)).map((p) => ({ value: p.slug, label: p.name }));
  return (
    <form className="public-card" onSubmit={submit} noValidate aria-labelledby="message-form-heading">
      <h2 id="message-form-heading">{heading}</h2>
      {form.alert && <Notice tone="error">{form.alert}</Notice>}
      {projectName === undefined && <SelectField label="Olympiad" required options={choices} {...form.field('projectName')} />}
      <div className="public-grid public-grid--2">
        <TextField label="First name" required autoComplete="given-name" {...form.field('firstName')} />
        <TextField label="Last name" required autoComplete="family-name" {...form.field('lastName')} />
        <TextField label="E-mail address" type="email" required autoComplete="email" {...form.field('email')} />
        <TextField label="Phone" type="tel" autoComplete="tel" {...form.field('phone')} />
      </div>
      <TextAreaField label={kind === 'mytutor' ? 'Your grade and what you would like help with' : 'Message'} {...form.field('message')} />
      <HoneypotField value={form.values.website} onChange={(value) => form.set('website', value)} />
      <button type="submit" className="lean-button" disabled={form.submitting}>
        {form.submitting ? 'Sending…' : 'Send'}
      </button>
    </form>
  );
}
