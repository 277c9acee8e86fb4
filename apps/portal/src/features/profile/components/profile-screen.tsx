// /portal/my-profile: the teacher's own names, cell number and subject; their school and e-mail address
// are shown (the olympiad office changes those).
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useZodForm } from '@olympiad/shared/ui/form/use-zod-form';
import { FormAlert, SubmitButton, TextField } from '@olympiad/shared/ui/form/form-fields';
import { applyServerErrors } from '@olympiad/shared/ui/form/server-errors';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { profileQuery, profileSchema, useUpdateProfile, type ProfileValues } from '../api/profile';

const empty: ProfileValues = { title: '', firstName: '', lastName: '', cell: '', subject: '' };

export function ProfileScreen({ route }: ScreenComponentProps) {
  const profile = useQuery(profileQuery());
  const update = useUpdateProfile();
  const form = useZodForm(profileSchema, empty);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (profile.data) form.reset({ title: profile.data.title, firstName: profile.data.firstName, lastName: profile.data.lastName, cell: profile.data.cell, subject: profile.data.subject });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [profile.data]);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const result = await update.mutateAsync(values);
    if (!result.ok) {
      setError(applyServerErrors(result, (name, e) => form.setError(name as 'title', e), Object.keys(empty)));
    }
  });
  if (profile.isPending) return <Skeleton height={320} />;
  if (profile.isError) return <Alert color="red">{profile.error.message}</Alert>;
  return (
    <Stack maw={560}>
      <Title order={1}>{route.title}</Title>
      <Text c="dimmed">
        {profile.data.email} · {profile.data.school ? profile.data.school.name : 'No school yet: the olympiad office links you to yours'}
      </Text>
      <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={error} />
          <TextField control={form.control} name="title" label="Title" placeholder="Ms, Mr, Dr" />
          <TextField control={form.control} name="firstName" label="First name" required autoComplete="given-name" />
          <TextField control={form.control} name="lastName" label="Last name" required autoComplete="family-name" />
          <TextField control={form.control} name="cell" label="Cell number" type="tel" autoComplete="tel" />
          <TextField control={form.control} name="subject" label="Subject you teach" />
          <SubmitButton submitting={form.formState.isSubmitting}>Save</SubmitButton>
        </Stack>
      </Paper>
    </Stack>
  );
}
