// /verify-email/:uuid: the link e-mailed after the interest form confirms the address.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Loader, Stack, Title } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
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
    <Stack maw={640}>
      <Title order={1}>{route.title}</Title>
      {outcome === null && <Loader role="status" aria-label="Confirming your e-mail address" />}
      {outcome?.ok === true && (
        <Alert color="green" title="Your e-mail address is confirmed">
          Thank you, {outcome.firstName}. The office of the {outcome.olympiad} takes your request further and writes to you.
        </Alert>
      )}
      {outcome?.ok === false && (
        <Alert color="red" title="This link did not work">
          {outcome.message} Check that the whole link was copied, or fill in the interest form again.
        </Alert>
      )}
    </Stack>
  );
}
