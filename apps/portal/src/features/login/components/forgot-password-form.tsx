// Asks for a reset link. The server always answers that it sent one, so that the form does not reveal
// which accounts exist; the e-mail links to /reset-password/<token>.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { requestPasswordReset } from '@olympiad/shared/features/auth/api/password';
import { LeanAlert, LeanField } from '@olympiad/shared/ui/lean/lean-field';

type ForgotValues = { username: string; olympiadName: string };

export function ForgotPasswordForm({
  username,
  olympiadName,
  olympiadFixed,
  onBack,
}: {
  username: string;
  olympiadName: string;
  olympiadFixed: boolean;
  onBack: () => void;
}) {
  const [sent, setSent] = useState(false);
  const [error, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ForgotValues>({ defaultValues: { username, olympiadName } });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await requestPasswordReset(values.username.trim(), values.olympiadName.trim());
    if (result.ok) setSent(true);
    else setFormError(result.message);
  });

  if (sent) {
    return (
      <>
        <LeanAlert tone="success">
          If an account matches, we have e-mailed a link to choose a new password. The link works for a limited
          time; check your spam folder if it does not arrive.
        </LeanAlert>
        <button type="button" className="lean-button" onClick={onBack}>
          Back to sign-in
        </button>
      </>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <h2 className="lean-subtitle">Reset your password</h2>
      <p>We will e-mail you a link to choose a new password.</p>
      {error && <LeanAlert>{error}</LeanAlert>}
      <LeanField
        label="E-mail address or username"
        autoComplete="username"
        autoCapitalize="none"
        error={formState.errors.username?.message}
        {...register('username', { validate: (value) => value.trim() !== '' || 'Enter your e-mail address or username' })}
      />
      {!olympiadFixed && (
        <LeanField label="Olympiad (if you sign in to one)" autoCapitalize="none" hint="For example: geography" {...register('olympiadName')} />
      )}
      <p className="lean-actions">
        <button type="submit" className="lean-button" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Sending…' : 'Send the link'}
        </button>
        <button type="button" className="lean-link-button" onClick={onBack}>
          Back to sign-in
        </button>
      </p>
    </form>
  );
}
