// /{olympiadName}/unsubscribe/{ref} and /unsubscribe/{ref}: the page of a bulk e-mail's unsubscribe
// link. It shows whose link it is (the address partly hidden), unsubscribes from the olympiad's mail
// or from every olympiad's, and resubscribes.
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { getUnsubscribeLink, resubscribe, unsubscribe } from '../api/email';

type Link = Extract<Awaited<ReturnType<typeof getUnsubscribeLink>>, { ok: true }>['data'];

export function UnsubscribeScreen({ route }: ScreenComponentProps) {
  const { ref = '' } = useParams();
  const [link, setLink] = useState<Link | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    const result = await getUnsubscribeLink(ref);
    if (result.ok) setLink(result.data);
    else setProblem(result.message);
  }, [ref]);
  useEffect(() => {
    if (ref) void load();
  }, [ref, load]);

  const act = async (change: () => Promise<{ ok: boolean; message?: string }>) => {
    setBusy(true);
    const result = await change();
    setBusy(false);
    if (!result.ok) setProblem(result.message ?? 'An error occurred');
    else await load();
  };

  return (
    <Stack maw={640}>
      <Title order={1}>{route.title}</Title>
      {!ref && <Text>Open the unsubscribe link at the end of one of our e-mails: it names the address to unsubscribe.</Text>}
      {ref && link === null && problem === null && <Loader role="status" aria-label="Reading the link" />}
      {problem && (
        <Alert color="red" title="This link did not work">
          {problem} Check that the whole link was copied.
        </Alert>
      )}
      {link && (
        <Stack>
          <Text>
            Address: <strong>{link.email}</strong>
          </Text>
          {link.unsubscribed ? (
            <Alert color="green" title="You are unsubscribed">
              {link.unsubscribedEverywhere ? 'You get no more bulk e-mail from any of our olympiads.' : `You get no more bulk e-mail about the ${link.olympiadTitle ?? 'olympiad'}.`} E-mails you ask for (a password reset, for example) still arrive.
            </Alert>
          ) : (
            <Text>
              {link.olympiadTitle ? `You receive bulk e-mail about the ${link.olympiadTitle}.` : 'You receive bulk e-mail about our olympiads.'}
            </Text>
          )}
          <Group>
            {!link.unsubscribed && link.olympiadTitle && (
              <Button loading={busy} onClick={() => void act(() => unsubscribe(ref, false))}>
                Unsubscribe from the {link.olympiadTitle}
              </Button>
            )}
            {!link.unsubscribedEverywhere && (
              <Button loading={busy} variant={link.olympiadTitle && !link.unsubscribed ? 'default' : 'filled'} onClick={() => void act(() => unsubscribe(ref, true))}>
                Unsubscribe from every olympiad
              </Button>
            )}
            {link.unsubscribed && (
              <Button loading={busy} variant="default" onClick={() => void act(() => resubscribe(ref))}>
                Subscribe again
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
