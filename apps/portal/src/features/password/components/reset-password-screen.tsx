// /reset-password/:token, the page the e-mailed link opens: the new password twice, then sign in.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { setPassword } from '@olympiad/shared/features/auth/api/password';
import { LeanAlert, LeanField } from '@olympiad/shared/ui/lean/lean-field';
import { BrandHeader } from '@olympiad/shared/ui/lean/brand-header';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { checkNewPassword, PASSWORDS_DIFFER } from '../password-rules';

type Values = { password: string; confirmPassword: string };

export function ResetPasswordScreen(_props: ScreenComponentProps) {
  const { token = '' } = useParams();
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, getValues, formState } = useForm<Values>({
    defaultValues: { password: '', confirmPassword: '' },
  });

  const submit = handleSubmit(async ({ password }) => {
    setFormError(null);
    const result = await setPassword(password, { token });
    if (result.ok) return setDone(true);
    if (result.fields.password) setError('password', { type: 'server', message: result.fields.password });
    else setFormError(result.message);
  });

  return (
    <div className="lean-card lean-card--narrow">
      <BrandHeader name="Olympiads" sub="Choose a new password" />
      <h1>Set a new password</h1>
      {done ? (
        <>
          <LeanAlert tone="success">Your password is set. Sign in with it now.</LeanAlert>
          <a className="lean-button" href="/login">
            Go to sign-in
          </a>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          {formError && <LeanAlert>{formError}</LeanAlert>}
          <LeanField
            label="New password"
            type="password"
            autoComplete="new-password"
            error={formState.errors.password?.message}
            {...register('password', { validate: checkNewPassword })}
          />
          <LeanField
            label="New password again"
            type="password"
            autoComplete="new-password"
            error={formState.errors.confirmPassword?.message}
            {...register('confirmPassword', {
              validate: (value) => value === getValues('password') || PASSWORDS_DIFFER,
            })}
          />
          <button type="submit" className="lean-button lean-button--block" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Saving…' : 'Set password'}
          </button>
        </form>
      )}
    </div>
  );
}
