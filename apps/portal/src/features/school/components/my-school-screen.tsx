// /portal/:olympiadName/school: the school's details; a team admin corrects them.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useZodForm } from '@olympiad/shared/ui/form/use-zod-form';
import { FormAlert, SubmitButton } from '@olympiad/shared/ui/form/form-fields';
import { applyServerErrors } from '@olympiad/shared/ui/form/server-errors';
import { SchoolFields } from '@olympiad/shared/features/schools/school-fields';
import { emptySchool, schoolInput, schoolSchema, schoolValues } from '@olympiad/shared/features/schools/school-schema';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useMySchool } from '../api/get-my-school';
import { useUpdateMySchool } from '../api/update-my-school';

export function MySchoolScreen({ route }: ScreenComponentProps) {
  const { olympiadName = '' } = useParams();
  const mine = useMySchool(olympiadName);
  const update = useUpdateMySchool();
  const form = useZodForm(schoolSchema, emptySchool);
  const [error, setError] = useState<string | null>(null);
  const school = mine.data?.school;
  useEffect(() => {
    if (school) form.reset(schoolValues(school));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [school]);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const result = await update.mutateAsync({ olympiadName, body: schoolInput(values) });
    if (!result.ok) {
      setError(applyServerErrors(result, (name, e) => form.setError(name as 'name', e), Object.keys(emptySchool)));
    }
  });
  if (mine.isPending) return <Skeleton height={360} />;
  if (mine.isError) return <Alert color="red">{mine.error.message}</Alert>;
  if (!school || !mine.data.entry) return <Alert color="blue">Your school is not entered in this olympiad.</Alert>;
  return (
    <Stack maw={760}>
      <Title order={1}>{route.title}</Title>
      {!mine.data.isTeamAdmin && <Text c="dimmed">Only a team admin changes the school&apos;s details; ask yours if something is wrong.</Text>}
      <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate>
        <fieldset disabled={!mine.data.isTeamAdmin} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            <FormAlert message={error} />
            <SchoolFields control={form.control} />
            {mine.data.isTeamAdmin && <SubmitButton submitting={form.formState.isSubmitting}>Save</SubmitButton>}
          </Stack>
        </fieldset>
      </Paper>
    </Stack>
  );
}
