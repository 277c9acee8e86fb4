// /portal/:olympiadName/school: the school's details; a team admin corrects them.
import { useParams } from 'react-router-dom';
import { Alert, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { FormAlert, SubmitButton } from '@olympiad/shared/ui/form/form-fields';
import { useRecordForm } from '@olympiad/shared/resource/use-record-form';
import { SchoolFields } from '@olympiad/shared/features/schools/school-fields';
import { schoolInput, schoolSchema, schoolValues } from '@olympiad/shared/features/schools/school-schema';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useMySchool } from '../api/get-my-school';
import { useUpdateMySchool } from '../api/update-my-school';

export function MySchoolScreen({ route }: ScreenComponentProps) {
  const { olympiadName = '' } = useParams();
  const mine = useMySchool(olympiadName);
  const update = useUpdateMySchool();
  const school = mine.data?.school;
  const { form, error, submit, submitting } = useRecordForm({
    schema: schoolSchema,
    record: school ?? undefined,
    valuesOf: schoolValues,
    save: (values) => update.mutateAsync({ olympiadName, body: schoolInput(values) }),
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
            {mine.data.isTeamAdmin && <SubmitButton submitting={submitting}>Save</SubmitButton>}
          </Stack>
        </fieldset>
      </Paper>
    </Stack>
  );
}
