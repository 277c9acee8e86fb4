// The sign-in form: the server names the faulty field (username or password) and the message goes on
// it; two-factor codes are asked for when the server wants one; anything else raises the failure alert.
import { useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { signIn, type LoginType } from '@olympiad/shared/features/auth/api/sign-in';
import { emitSessionEvent, storeSignedInUser } from '@olympiad/shared/session/session-events';
import { alertError } from '@olympiad/shared/feedback/notifications';
import { LeanAlert, LeanField } from '@olympiad/shared/ui/lean/lean-field';
import type { ApiFailure } from '@olympiad/shared/api/envelope';
import { limits } from '@olympiad/shared/lib/field-limits';
import { LOGIN_TYPES, olympiadAsked, olympiadRequired, usernameLabel, type OlympiadChoice } from '../login-choices';

export type SignInValues = {
  loginType: LoginType;
  olympiadName: string;
  username: string;
  password: string;
  totpCode: string;
};

type SignInFormProps = {
  /** Fixed by the address (/:olympiadName/login); otherwise chosen here. */
  olympiadName: string | null;
  olympiadChoices: OlympiadChoice[];
  defaultLoginType: LoginType;
  allowedLoginTypes: LoginType[];
  onTwoFactorSetup: (setupToken: string) => void;
  onForgotPassword: (username: string, olympiadName: string) => void;
};

export function SignInForm({
  olympiadName,
  olympiadChoices,
  defaultLoginType,
  allowedLoginTypes,
  onTwoFactorSetup,
  onForgotPassword,
}: SignInFormProps) {
  const [needsCode, setNeedsCode] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [signedIn, setSignedIn] = useState(false);
  const { register, handleSubmit, watch, setError, getValues, formState } = useForm<SignInValues>({
    defaultValues: { loginType: defaultLoginType, olympiadName: olympiadName ?? '', username: '', password: '', totpCode: '' },
  });
  const loginType = watch('loginType');
  const { errors, isSubmitting } = formState;

  const fail = (failure: ApiFailure, values: SignInValues) => {
    const code = failure.code;
    if (code === 'username' || code === 'password') {
      setError(code, { type: 'server', message: failure.message });
      emitSessionEvent({ type: 'loginUnsuccessful', field: code, message: failure.message });
      return;
    }
    if (code === '2fa_notSetYet') {
      const setupToken = (failure.body as { setupToken?: unknown } | null)?.setupToken;
      if (typeof setupToken === 'string') return onTwoFactorSetup(setupToken);
    }
    if (code === '2fa_required') {
      setNeedsCode(true);
      if (values.totpCode !== '') setError('totpCode', { type: 'server', message: failure.message });
      return;
    }
    if (code === '2fa_invalid') {
      setNeedsCode(true);
      setError('totpCode', { type: 'server', message: failure.message });
      return;
    }
    const fieldNames = ['username', 'password', 'olympiadName', 'loginType', 'totpCode'] as const;
    const placed = Object.keys(failure.fields).filter((name) => (fieldNames as readonly string[]).includes(name));
    placed.forEach((name) => setError(name as (typeof fieldNames)[number], { type: 'server', message: failure.fields[name]! }));
    if (placed.length > 0) return;
    setFormError(failure.message);
    emitSessionEvent({ type: 'loginFailure', message: failure.message });
    alertError(failure.message, 'Sign-in failed');
  };

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await signIn({
      username: values.username.trim(),
      password: values.password,
      olympiadName: olympiadAsked(values.loginType) ? values.olympiadName.trim() : '',
      loginType: values.loginType,
      ...(needsCode ? { totpCode: values.totpCode.trim() } : {}),
    });
    if (result.ok) {
      setSignedIn(true);
      storeSignedInUser(result.data);
    } else {
      fail(result, values);
    }
  });

  if (signedIn) {
    return (
      <LeanAlert tone="success">
        Signed in. Taking you to your page…
      </LeanAlert>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-describedby={formError ? 'sign-in-error' : undefined}>
      {formError && (
        <div id="sign-in-error">
          <LeanAlert>{formError}</LeanAlert>
        </div>
      )}
      {allowedLoginTypes.length > 1 && (
        <fieldset className="lean-fieldset">
          <legend>I am signing in as</legend>
          <div className="lean-choices">
            {LOGIN_TYPES.filter((type) => allowedLoginTypes.includes(type.value)).map((type) => (
              <label key={type.value} className="lean-choice">
                <input type="radio" value={type.value} {...register('loginType')} />
                <span>{type.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      {olympiadName === null && olympiadAsked(loginType) && (
        <OlympiadField
          choices={olympiadChoices}
          required={olympiadRequired(loginType)}
          error={errors.olympiadName?.message}
          registration={register('olympiadName', {
            validate: (value) =>
              !olympiadRequired(getValues('loginType')) || value.trim() !== '' || 'Choose your olympiad',
          })}
        />
      )}

      <LeanField
        label={usernameLabel(loginType)}
        type={loginType === 'learner' ? 'text' : 'email'}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        {...register('username', { validate: (value) => value.trim() !== '' || 'Enter your username' })}
      />
      <LeanField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password', { required: 'Enter your password' })}
      />
      {needsCode && (
        <LeanField
          label="Code from your authenticator app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={limits.SignInRequest.totpCode.maxLength}
          hint="Six digits; a new code appears every 30 seconds."
          error={errors.totpCode?.message}
          {...register('totpCode', {
            validate: (value) => /^\d{6}$/.test(value.replace(/\s/g, '')) || 'Enter the six digits from your app',
          })}
        />
      )}
      <button type="submit" className="lean-button lean-button--block" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </button>
      <p className="lean-actions">
        <button
          type="button"
          className="lean-link-button"
          onClick={() => onForgotPassword(getValues('username').trim(), getValues('olympiadName').trim())}
        >
          Forgot your password?
        </button>
      </p>
    </form>
  );
}

function OlympiadField({
  choices,
  required,
  error,
  registration,
}: {
  choices: OlympiadChoice[];
  required: boolean;
  error: string | undefined;
  registration: UseFormRegisterReturn<'olympiadName'>;
}) {
  const label = required ? 'Olympiad' : 'Olympiad (optional)';
  if (choices.length === 0) {
    return <LeanField label={label} autoCapitalize="none" hint="For example: geography" error={error} {...registration} />;
  }
  return (
    <div className={`lean-field${error ? ' lean-field--invalid' : ''}`}>
      <label htmlFor="sign-in-olympiad">{label}</label>
      <select id="sign-in-olympiad" aria-invalid={error ? true : undefined} aria-describedby={error ? 'sign-in-olympiad-error' : undefined} {...registration}>
        <option value="">{required ? 'Choose your olympiad' : 'All my olympiads'}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {error && (
        <div className="lean-field__error" id="sign-in-olympiad-error">
          {error}
        </div>
      )}
    </div>
  );
}
