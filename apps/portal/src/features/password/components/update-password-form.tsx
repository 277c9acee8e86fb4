// /portal/update-password: the signed-in teacher changes their own password (PUT set-password with the
// current password, no token).
import { Paper, Stack, Title, Text, Alert } from '@mantine/core';
import { useRecordForm } from '@olympiad/shared/resource/use-record-form';
import { FormAlert, PasswordField, SubmitButton } from '@olympiad/shared/ui/form/form-fields';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useChangePassword } from '../api/change-password';
import { updatePasswordSchema } from '../new-password-schema';

const empty = { currentPassword: '', password: '', confirmPassword: '' };

export function UpdatePasswordScreen({ route }: ScreenComponentProps) {
  const change = useChangePassword();
  // A new form each time: it empties once the password is changed.
  const { form, error, submit, submitting } = useRecordForm({
    schema: updatePasswordSchema,
    record: null,
    valuesOf: () => empty,
    empty,
    save: change.mutateAsync,
    serverFields: ['password', 'currentPassword'],
    onSaved: (_, form) => form.reset(),
  });
  // The last change's answer; a new one clears it while it is on its way.
  const saved = change.data?.ok === true;

  return (
    <Stack maw={480}>
      <Title order={1}>{route.title}</Title>
      <Text c="dimmed">Choose a new password for signing in to the portal.</Text>
      <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={error} />
          {saved && <Alert color="green">Your password is changed.</Alert>}
          <PasswordField
            control={form.control}
            name="currentPassword"
            label="Current password"
            autoComplete="current-password"
            required
          />
          <PasswordField control={form.control} name="password" label="New password" autoComplete="new-password" required />
          <PasswordField
            control={form.control}
            name="confirmPassword"
            label="New password again"
            autoComplete="new-password"
            required
          />
          <SubmitButton submitting={submitting}>Change password</SubmitButton>
        </Stack>
      </Paper>
    </Stack>
  );
}
