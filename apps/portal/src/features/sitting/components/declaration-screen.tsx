// /:olympiadName/olympiad/declaration: the no-cheating declaration, accepted with its time; accepting
// begins the attempt on this device.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { parseServerTime } from '@olympiad/shared/lib/server-time';
import { useAcceptDeclaration } from '../api/accept-declaration';
import type { SittingView } from '../api/get-sitting';
import { useLanguage, useWords } from '../language';
import { sittingMessage } from '../sitting-errors';
import { stepOf, stepPath, type Step } from '../sitting-steps';
import { formatWhen } from '../words';
import { inLanguage, OlympiadText, SittingCard, SittingScreen } from './sitting-screen';

export function DeclarationScreen() {
  const words = useWords();
  return (
    <SittingScreen title={words.declarationTitle} serves={['declaration', 'recoveryPin', 'learnerDetails']}>
      {(view, step) => <Declaration view={view} step={step} />}
    </SittingScreen>
  );
}

function Declaration({ view, step }: { view: SittingView; step: Step }) {
  const { olympiadName = '' } = useParams();
  const navigate = useNavigate();
  const words = useWords();
  const language = useLanguage();
  const accept = useAcceptDeclaration();
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const acceptedAt = parseServerTime(view.attempt?.declarationAcceptedAt);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!accepted) return setError(words.declarationRequired);
    setError(undefined);
    accept.mutate(undefined, {
      onSuccess: (next) => navigate(stepPath(olympiadName, stepOf(next.attempt))),
      onError: (failure) => setError(sittingMessage(failure, words)),
    });
  };

  return (
    <SittingCard view={view} stepNumber={2} title={words.declarationTitle}>
      <OlympiadText html={inLanguage(view.olympiad.declaration, language)} />
      {step === 'declaration' ? (
        <form onSubmit={submit} noValidate>
          <label className={`sitting-check${error ? ' sitting-check--invalid' : ''}`}>
            <input
              type="checkbox"
              name="accepted"
              checked={accepted}
              onChange={(event) => setAccepted(event.currentTarget.checked)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'declaration-error' : undefined}
            />
            <span>{words.declarationAccept}</span>
          </label>
          {error && (
            <p id="declaration-error" className="lean-field__error" role="alert">
              {error}
            </p>
          )}
          <div className="lean-actions">
            <button type="submit" className="lean-button" disabled={accept.isPending}>
              {words.declarationSubmit}
            </button>
          </div>
        </form>
      ) : (
        <>
          <p className="lean-alert lean-alert--success">{words.declarationAcceptedAt(formatWhen(acceptedAt, language))}</p>
          <div className="lean-actions">
            <Link className="lean-button" to={stepPath(olympiadName, step)}>
              {words.continue}
            </Link>
          </div>
        </>
      )}
    </SittingCard>
  );
}
