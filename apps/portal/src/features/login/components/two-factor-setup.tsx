// First sign-in of staff who must use two-factor: show the secret as a QR code (and as text, for typing
// in), then confirm one code; the confirmation signs in like a successful sign-in.
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { confirmTwoFactor, startTwoFactorSetup } from '@olympiad/shared/features/auth/api/two-factor';
import { storeSignedInUser } from '@olympiad/shared/session/session-events';
import { LeanAlert, LeanField } from '@olympiad/shared/ui/lean/lean-field';
import { PageLoading } from '@olympiad/shared/ui/lean/page-loading';
import { limits } from '@olympiad/shared/lib/field-limits';

type Setup = { secret: string; otpauthUri: string; qrDataUrl: string | null };

async function qrCodeOf(uri: string): Promise<string | null> {
  try {
    const { toDataURL } = await import(/* webpackChunkName: "qr-code" */ 'qrcode');
    return await toDataURL(uri, { margin: 1, width: 220, errorCorrectionLevel: 'M' });
  } catch {
    return null; // the secret is shown as text too
  }
}

export function TwoFactorSetup({ setupToken, onCancel }: { setupToken: string; onCancel: () => void }) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm<{ code: string }>({ defaultValues: { code: '' } });

  useEffect(() => {
    let live = true;
    void (async () => {
      const result = await startTwoFactorSetup(setupToken);
      if (!live) return;
      if (!result.ok) return setLoadError(result.message);
      const qrDataUrl = await qrCodeOf(result.data.otpauthUri);
      if (live) setSetup({ ...result.data, qrDataUrl });
    })();
    return () => {
      live = false;
    };
  }, [setupToken]);

  const submit = handleSubmit(async ({ code }) => {
    const result = await confirmTwoFactor(setupToken, code.trim());
    if (result.ok) {
      setDone(true);
      storeSignedInUser(result.data);
    } else {
      setError('code', { type: 'server', message: result.fields.code ?? result.message });
    }
  });

  if (loadError) {
    return (
      <>
        <LeanAlert>{loadError}</LeanAlert>
        <button type="button" className="lean-button" onClick={onCancel}>
          Back to sign-in
        </button>
      </>
    );
  }
  if (!setup) return <PageLoading />;
  if (done) return <LeanAlert tone="success">Two-factor sign-in is on. Taking you to your page…</LeanAlert>;

  return (
    <form onSubmit={submit} noValidate>
      <h2 className="lean-subtitle">Set up two-factor sign-in</h2>
      <p>
        Your account needs a code from an authenticator app (such as Google Authenticator, Microsoft
        Authenticator or 1Password) each time you sign in. Scan this code with the app:
      </p>
      {setup.qrDataUrl && (
        <img className="lean-qr" src={setup.qrDataUrl} width={220} height={220} alt="QR code to add this account to your authenticator app" />
      )}
      <p>
        Or type this key into the app: <code className="lean-secret">{setup.secret}</code>
      </p>
      <LeanField
        label="Code shown by the app"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={limits.ConfirmTwoFactor.code.maxLength}
        error={formState.errors.code?.message}
        {...register('code', { validate: (value) => /^\d{6}$/.test(value.replace(/\s/g, '')) || 'Enter the six digits from your app' })}
      />
      <p className="lean-actions">
        <button type="submit" className="lean-button" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Checking…' : 'Turn on and sign in'}
        </button>
        <button type="button" className="lean-link-button" onClick={onCancel}>
          Cancel
        </button>
      </p>
    </form>
  );
}
