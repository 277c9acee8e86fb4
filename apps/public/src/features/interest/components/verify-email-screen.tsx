// /verify-email/:uuid: the link e-mailed after the interest form confirms the address.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { Loading, Notice } from '../../site/public-ui';
import { verifyEmail } from '../api/express-interest';

type Outcome = { ok: true; firstName: string; olympiad: string } | { ok: false; message: string };

export function VerifyEmailScreen({ route }: ScreenComponentProps) {
  const { uuid = '' } = useParams();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useEffect(() => {
    let current = true;
    verifyEmail(uuid).then((result) => {
      if (!current) return;
      setOutcome(result.ok ? { ok: true, firstName: result.data.firstName, olympiad: result.data.olympiadTitle } : { ok: false, message: result.message });
    });
    return () => {
      current = false;
    };
  }, [uuid]);
  return (
    <div className="public-stack public-narrow">
      <h1>{route.title}</h1>
      {outcome === null && <Loading label="Confirming your e-mail address" />}
      {outcome?.ok === true && (
        <Notice tone="success" title="Your e-mail address is confirmed">
          Thank you, {outcome.firstName}. The office of the {outcome.olympiad} takes your request further and writes to you.
        </Notice>
      )}
      {outcome?.ok === false && (
        <Notice tone="error" title="This link did not work">
          {outcome.message} Check that the whole link was copied, or fill in the interest form again.
        </Notice>
      )}
    </div>
  );
}
