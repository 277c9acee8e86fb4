// /:olympiadName/olympiad/recovery-pin: the learner's recovery code, shown once, which they write down
// and prove so by typing its last four characters. A learner who comes back here keeps the code they
// wrote down, or asks for a new one (the old one then stops working).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { SittingView } from '../api/get-sitting';
import { useIssueRecoveryCode } from '../api/issue-recovery-code';
import { useWords } from '../language';
import { sittingMessage } from '../sitting-errors';
import { stepPath } from '../sitting-steps';
import { LeanField } from '@olympiad/shared/ui/lean/lean-field';
import { SittingCard, SittingScreen } from './sitting-screen';

export function RecoveryPinScreen() {
  const words = useWords();
  return (
    <SittingScreen title={words.pinTitle} serves={['recoveryPin', 'learnerDetails']}>
      {(view) => <RecoveryPin view={view} />}
    </SittingScreen>
  );
}

/** The last four letters or digits, as the learner would copy them (the dash is not one). */
const ending = (code: string) => code.replace(/[^a-z0-9]/gi, '').slice(-4).toLowerCase();

function RecoveryPin({ view }: { view: SittingView }) {
  const { olympiadName = '' } = useParams();
  const navigate = useNavigate();
  const words = useWords();
  const issue = useIssueRecoveryCode();
  const issuedBefore = view.attempt?.recoveryCodeIssued === true;
  const [code, setCode] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const asked = useRef(false);
  const next = stepPath(olympiadName, 'learnerDetails');

  const getCode = () =>
    issue.mutate(undefined, {
      onSuccess: (fresh) => {
        setCode(fresh);
        setTyped('');
      },
    });

  useEffect(() => {
    // The first visit gets its code at once (asked once, also in React's double-run of effects).
    if (!issuedBefore && !asked.current) {
      asked.current = true;
      getCode();
    }
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code === null) return;
    if (ending(typed) !== ending(code)) return setError(words.pinMismatch);
    navigate(next);
  };

  return (
    <SittingCard view={view} stepNumber={3} title={words.pinTitle}>
      {code !== null ? (
        <form onSubmit={submit} noValidate>
          <p>{words.pinIntro}</p>
          <p className="sitting-pin">
            <code className="sitting-pin__code" aria-hidden="true">
              {code}
            </code>
            {/* Read out letter by letter, so that a screen reader's user can write it down. */}
            <span className="visually-hidden">
              {words.pinCodeLabel} {code.split('').join(' ')}
            </span>
          </p>
          <LeanField
            label={words.pinConfirm}
            name="codeEnding"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={code.length}
            className="sitting-code-field"
            hint={words.pinConfirmHint}
            error={error}
          />
          <button type="submit" className="lean-button">
            {words.pinSubmit}
          </button>
        </form>
      ) : issuedBefore ? (
        <>
          <p>{words.pinIssuedBefore}</p>
          <div className="lean-actions">
            <button type="button" className="lean-button" onClick={() => navigate(next)}>
              {words.continue}
            </button>
            <button type="button" className="lean-link-button" onClick={getCode} disabled={issue.isPending}>
              {words.pinNew}
            </button>
          </div>
          <p className="lean-field__hint">{words.pinNewNote}</p>
        </>
      ) : null}
      {issue.isPending && <p role="status">{words.loading}</p>}
      {issue.isError && (
        <div className="lean-alert lean-alert--error" role="alert">
          <p className="sitting-alert__text">{sittingMessage(issue.error, words)}</p>
          <button type="button" className="lean-button" onClick={getCode}>
            {words.tryAgain}
          </button>
        </div>
      )}
    </SittingCard>
  );
}
