// /portal/my-profile: the teacher's own names, cell number and subject; their school and e-mail address
// are shown (the olympiad office changes those).
import { useQuery } from '@tanstack/react-query';
import { Alert, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { FormAlert, SubmitButton, TextField } from '@olympiad/shared/ui/form/form-fields';
import { useRecordForm } from '@olympiad/shared/resource/use-record-form';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { profileQuery, profileSchema, profileValues, useUpdateProfile } from '../api/profile';

export function ProfileScreen({ route }: ScreenComponentProps) {
  const profile = useQuery(profileQuery());
  const update = useUpdateProfile();
  const { form, error, submit, submitting } = useRecordForm({ schema: profileSchema, record: profile.data, valuesOf: profileValues, save: update.mutateAsync });
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
          <SubmitButton submitting={submitting}>Save</SubmitButton>
        </Stack>
      </Paper>
    </Stack>
  );
}
