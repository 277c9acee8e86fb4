// /:projectName/express-interest: a teacher (or a parent, learner, tutor) asks to take part. A teacher's
// expression becomes their school's entry once the olympiad office has processed it; first they confirm
// their e-mail address with the link sent to it. Above the form, the page's copy (Website Copy).
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { provinceOptions } from '@olympiad/shared/lib/south-africa';
import { findProject, useProjects } from '@olympiad/shared/features/projects/api/get-projects';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { SiteCopy } from '../../pages/copy-page';
import { HoneypotField, Notice, SelectField, TextAreaField, TextField } from '../../site/public-ui';
import { useForm } from '../../site/use-form';
import { expressInterest, interestRules, type InterestValues } from '../api/express-interest';

const empty: InterestValues = {
  type: 'teacher',
  title: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  schoolName: '',
  emisNumber: '',
  province: '',
  town: '',
  subject: '',
  organisation: '',
  relationship: '',
  message: '',
  website: '',
};

const WHO = [
  { value: 'teacher', label: 'I am a teacher' },
  { value: 'other', label: 'I am a parent, learner or other' },
] as const;

export function ExpressInterestScreen({ route }: ScreenComponentProps) {
  const { projectName = '' } = useParams();
  const projects = useProjects();
  const project = projects.data ? findProject(projects.data, projectName) : undefined;
  const form = useForm(empty, interestRules);
  const [sentTo, setSentTo] = useState<{ email: string; olympiad: string } | null>(null);
  const teacher = form.values.type === 'teacher';

  const submit = form.submit(async (values) => {
    const result = await expressInterest(projectName, values);
    if (result.ok) setSentTo({ email: result.data.email, olympiad: result.data.olympiadTitle });
    return result;
  });

  if (sentTo) {
    return (
      <div className="public-stack public-narrow">
        <h1>Thank you</h1>
        <Notice tone="success" title="Please confirm your e-mail address">
          We sent a link to <b>{sentTo.email}</b>. Open it to confirm your address; the office of the {sentTo.olympiad} then takes your request further and writes to you.
        </Notice>
      </div>
    );
  }

  return (
    <div className="public-stack public-narrow">
      <div>
        <h1>{route.title}</h1>
        <p className="public-lead">
          {project ? `Take part in the ${project.name}.` : 'Take part in the olympiad.'} Teachers enter their school; others are told how learners take part.
        </p>
      </div>
      <SiteCopy site={projects.isPending ? undefined : (project?.slug ?? projectName)} pageKey="express-interest" />
      <form className="public-card" onSubmit={submit} noValidate aria-label="Express interest">
        <fieldset className="lean-fieldset">
          <legend>I am</legend>
          <div className="lean-choices">
            {WHO.map((who) => (
              <label key={who.value} className="lean-choice">
                <input type="radio" name="type" value={who.value} checked={form.values.type === who.value} onChange={() => form.set('type', who.value)} />
                <span>{who.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {form.alert && <Notice tone="error">{form.alert}</Notice>}
        <div className="public-grid public-grid--3">
          <TextField label="Title" placeholder="Ms, Mr, Dr" autoComplete="honorific-prefix" {...form.field('title')} />
          <TextField label="First name" required autoComplete="given-name" {...form.field('firstName')} />
          <TextField label="Last name" required autoComplete="family-name" {...form.field('lastName')} />
        </div>
        <div className="public-grid public-grid--2">
          <TextField label="E-mail address" type="email" required autoComplete="email" {...form.field('email')} />
          <TextField label="Phone" type="tel" autoComplete="tel" {...form.field('phone')} />
        </div>
        {teacher ? (
          <>
            <TextField label="School" required autoComplete="organization" {...form.field('schoolName')} />
            <div className="public-grid public-grid--3">
              <SelectField label="Province" required options={provinceOptions} {...form.field('province')} />
              <TextField label="Town" autoComplete="address-level2" {...form.field('town')} />
              <TextField label="EMIS number" hint="If you know it" inputMode="numeric" {...form.field('emisNumber')} />
            </div>
            <TextField label="Subject you teach" {...form.field('subject')} />
          </>
        ) : (
          <div className="public-grid public-grid--2">
            <TextField label="You are a" placeholder="Parent, learner, tutor" {...form.field('relationship')} />
            <TextField label="School or organisation" autoComplete="organization" {...form.field('organisation')} />
          </div>
        )}
        <TextAreaField label="Message" rows={3} {...form.field('message')} />
        <HoneypotField value={form.values.website} onChange={(value) => form.set('website', value)} />
        <button type="submit" className="lean-button" disabled={form.submitting}>
          {form.submitting ? 'Sending…' : 'Send'}
        </button>
      </form>
    </div>
  );
}
