// /portal/update-password: the signed-in teacher changes their own password (PUT set-password with the
// current password, no token).
import { useState } from 'react';
import { Paper, Stack, Title, Text, Alert } from '@mantine/core';
import { setPassword } from '@olympiad/shared/features/auth/api/password';
import { useZodForm } from '@olympiad/shared/ui/form/use-zod-form';
import { FormAlert, PasswordField, SubmitButton } from '@olympiad/shared/ui/form/form-fields';
import { applyServerErrors } from '@olympiad/shared/ui/form/server-errors';
import { notify } from '@olympiad/shared/feedback/notifications';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { updatePasswordSchema } from '../new-password-schema';

export function UpdatePasswordScreen({ route }: ScreenComponentProps) {
  const form = useZodForm(updatePasswordSchema, { currentPassword: '', password: '', confirmPassword: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const submit = form.handleSubmit(async ({ currentPassword, password }) => {
    setFormError(null);
    setSaved(false);
    const result = await setPassword(password, { currentPassword });
    if (result.ok) {
      form.reset();
      setSaved(true);
      notify('Your password is changed.', { tone: 'success' });
      return;
    }
    setFormError(
      applyServerErrors(result, (name, error) => form.setError(name as 'password' | 'currentPassword', error), ['password', 'currentPassword']),
    );
  });

  return (
    <Stack maw={480}>
      <Title order={1}>{route.title}</Title>
      <Text c="dimmed">Choose a new password for signing in to the portal.</Text>
      <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={formError} />
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
          <SubmitButton submitting={form.formState.isSubmitting}>Change password</SubmitButton>
        </Stack>
      </Paper>
    </Stack>
  );
}
