// /{olympiadName}/unsubscribe/{ref} and /unsubscribe/{ref}: the page of a bulk e-mail's unsubscribe
// link. It shows whose link it is (the address partly hidden), unsubscribes from the olympiad's mail
// or from every olympiad's, and resubscribes.
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { Loading, Notice } from '../../site/public-ui';
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
    <div className="public-stack public-narrow">
      <h1>{route.title}</h1>
      {!ref && <p>Open the unsubscribe link at the end of one of our e-mails: it names the address to unsubscribe.</p>}
      {ref && link === null && problem === null && <Loading label="Reading the link" />}
      {problem && (
        <Notice tone="error" title="This link did not work">
          {problem} Check that the whole link was copied.
        </Notice>
      )}
      {link && (
        <div className="public-stack">
          <p>
            Address: <strong>{link.email}</strong>
          </p>
          {link.unsubscribed ? (
            <Notice tone="success" title="You are unsubscribed">
              {link.unsubscribedEverywhere ? 'You get no more bulk e-mail from any of our olympiads.' : `You get no more bulk e-mail about the ${link.olympiadTitle ?? 'olympiad'}.`} E-mails you ask for (a password reset, for example) still arrive.
            </Notice>
          ) : (
            <p>{link.olympiadTitle ? `You receive bulk e-mail about the ${link.olympiadTitle}.` : 'You receive bulk e-mail about our olympiads.'}</p>
          )}
          <div className="lean-actions">
            {!link.unsubscribed && link.olympiadTitle && (
              <button type="button" className="lean-button" disabled={busy} onClick={() => void act(() => unsubscribe(ref, false))}>
                Unsubscribe from the {link.olympiadTitle}
              </button>
            )}
            {!link.unsubscribedEverywhere && (
              <button
                type="button"
                className={link.olympiadTitle && !link.unsubscribed ? 'lean-button public-button--quiet' : 'lean-button'}
                disabled={busy}
                onClick={() => void act(() => unsubscribe(ref, true))}
              >
                Unsubscribe from every olympiad
              </button>
            )}
            {link.unsubscribed && (
              <button type="button" className="lean-button public-button--quiet" disabled={busy} onClick={() => void act(() => resubscribe(ref))}>
                Subscribe again
              </button>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
