// /email-validation-page: anyone checks whether their e-mail address can receive our mail before
// giving it to the olympiad office. We mail a link to the address; the mail arriving is the first
// answer, and the link (its token) shows what we know of the address: written well, its domain
// has mail servers, not bounced or shunned. Only whoever reads the mailbox sees that.
import { useEffect, useState } from 'react';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { Notice, TextField } from '../../site/public-ui';
import { checkAddress, mailCheckLink } from '../api/email';

type Health = Extract<Awaited<ReturnType<typeof checkAddress>>, { ok: true }>['data'];

const servers = { found: 'Its domain has mail servers.', none: 'Its domain has no mail servers.', unknown: 'Its mail servers could not be checked from here.' } as const;

export function EmailValidationScreen({ route }: ScreenComponentProps) {
  const opened = new URLSearchParams(window.location.search);
  const linkEmail = opened.get('email');
  const linkToken = opened.get('token');
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [health, setHealth] = useState<Health | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!linkEmail || !linkToken) return;
    void checkAddress(linkEmail, linkToken).then((result) => {
      if (result.ok) setHealth(result.data);
      else setProblem(result.message);
    });
  }, [linkEmail, linkToken]);
  const send = async () => {
    const result = await mailCheckLink(email);
    if (result.ok) {
      setSentTo(email);
      setProblem(null);
    } else {
      setSentTo(null);
      setProblem(result.message);
    }
  };
  return (
    <div className="public-stack public-narrow">
      <h1>{route.title}</h1>
      <p>Check your e-mail address before you give it to the olympiad office: mail to a wrong address never arrives.</p>
      {!health && (
        <form
          className="public-card"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <TextField label="E-mail address" type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <button type="submit" className="lean-button">
            E-mail me a check
          </button>
        </form>
      )}
      {sentTo && (
        <Notice tone="success" title="Look in your mailbox">
          We sent a message to {sentTo}. If it arrives, the address receives our mail; its link shows what we know of the address. Nothing arrives within a few minutes? Look in the spam folder, then check how the address is written.
        </Notice>
      )}
      {problem && <Notice tone="error">{problem}</Notice>}
      {health && (
        <Notice tone={health.healthy ? 'success' : 'error'} title={health.healthy ? `${health.email} looks good` : `${health.email} will not receive our mail`}>
          <ul>
            <li>{health.syntaxOk ? 'It is written as an address should be.' : 'It is not written as an address should be.'}</li>
            <li>{servers[health.mailServers]}</li>
            {health.hardBounces + health.complaints > 0 && <li>Mail to it has bounced before.</li>}
            {health.shunned && <li>We no longer send to it. Ask the olympiad office if it works again.</li>}
            {health.unsubscribed && <li>It unsubscribed from our bulk mail.</li>}
          </ul>
        </Notice>
      )}
    </div>
  );
}
