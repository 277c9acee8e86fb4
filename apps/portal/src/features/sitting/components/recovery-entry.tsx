// The recovery code typed on a device that does not hold the attempt (another phone, a cleared
// browser): this device takes the attempt over and resumes at the question the learner was last on.
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '@olympiad/shared/api/envelope';
import { LeanField } from '@olympiad/shared/ui/lean/lean-field';
import { useRecoverAttempt } from '../api/recover-attempt';
import { useWords } from '../language';
import { sittingMessage } from '../sitting-errors';
import { stepLink } from '../sitting-steps';

export function RecoveryEntry() {
  const { olympiadName = '' } = useParams();
  const navigate = useNavigate();
  const words = useWords();
  const recover = useRecoverAttempt();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') return setError(words.required);
    setError(undefined);
    recover.mutate(code.trim(), {
      onSuccess: (view) => {
        const { to, state } = stepLink(olympiadName, view.attempt);
        navigate(to, { state });
      },
      onError: (failure) => {
        const status = failure instanceof ApiError ? failure.failure.status : 0;
        setError(status === 400 ? words.recoverWrong : status === 429 ? words.tooManyTries : sittingMessage(failure, words));
      },
    });
  };

  return (
    <form className="sitting-recover" onSubmit={submit} noValidate>
      <h2 className="sitting-card__subtitle">{words.recoverTitle}</h2>
      <p>{words.recoverIntro}</p>
      <LeanField
        label={words.recoveryCode}
        name="recoveryCode"
        value={code}
        onChange={(event) => setCode(event.currentTarget.value)}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        className="sitting-code-field"
        error={error}
        hint={words.recoverLost}
      />
      <button type="submit" className="lean-button" disabled={recover.isPending}>
        {words.recoverSubmit}
      </button>
    </form>
  );
}
