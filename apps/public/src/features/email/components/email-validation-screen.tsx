// /email-validation-page: anyone checks whether an e-mail address can receive our mail (written
// well, its domain has mail servers, not bounced or shunned) before giving it to the olympiad office.
import { useState } from 'react';
import { Alert, Button, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
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
    <Stack maw={640}>
      <Title order={1}>{route.title}</Title>
      <Text>Check an e-mail address before you give it to the olympiad office: mail to a wrong address never arrives.</Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void check();
        }}
      >
        <Group align="flex-end">
          <TextInput label="E-mail address" type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} style={{ flex: 1 }} />
          <Button type="submit">Check</Button>
        </Group>
      </form>
      {problem && <Alert color="red">{problem}</Alert>}
      {health && (
        <Alert color={health.healthy ? 'green' : 'red'} title={health.healthy ? 'This address looks good' : 'This address will not receive our mail'}>
          <List size="sm">
            <List.Item>{health.syntaxOk ? 'It is written as an address should be.' : 'It is not written as an address should be.'}</List.Item>
            <List.Item>{servers[health.mailServers]}</List.Item>
            {health.hardBounces + health.complaints > 0 && <List.Item>Mail to it has bounced before.</List.Item>}
            {health.shunned && <List.Item>We no longer send to it. Ask the olympiad office if it works again.</List.Item>}
            {health.unsubscribed && <List.Item>It unsubscribed from our bulk mail.</List.Item>}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
