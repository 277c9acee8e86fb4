// /email-validation-page: anyone checks whether an e-mail address can receive our mail (written
// well, its domain has mail servers, not bounced or shunned) before giving it to the olympiad office.
import { useState } from 'react';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { Notice, TextField } from '../../site/public-ui';
import { checkAddress } from '../api/email';

type Health = Extract<Awaited<ReturnType<typeof checkAddress>>, { ok: true }>['data'];

const servers = { found: 'Its domain has mail servers.', none: 'Its domain has no mail servers.', unknown: 'Its mail servers could not be checked from here.' } as const;

export function EmailValidationScreen({ route }: ScreenComponentProps) {
  const [email, setEmail] = useState('');
  const [health, setHealth] = useState<Health | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const check = async () => {
    const result = await checkAddress(email);
    if (result.ok) {
      setHealth(result.data);
      setProblem(null);
    } else {
      setHealth(null);
      setProblem(result.message);
    }
  };
  return (
    <div className="public-stack public-narrow">
      <h1>{route.title}</h1>
      <p>Check an e-mail address before you give it to the olympiad office: mail to a wrong address never arrives.</p>
      <form
        className="public-card"
        onSubmit={(e) => {
          e.preventDefault();
          void check();
        }}
      >
        <TextField label="E-mail address" type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
        <button type="submit" className="lean-button">
          Check
        </button>
      </form>
      {problem && <Notice tone="error">{problem}</Notice>}
      {health && (
        <Notice tone={health.healthy ? 'success' : 'error'} title={health.healthy ? 'This address looks good' : 'This address will not receive our mail'}>
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
