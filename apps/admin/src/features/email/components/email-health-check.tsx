// An address's health: written well, its domain has mail servers, bounced before, shunned,
// unsubscribed; and the admin's override for an address that is known to work.
import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useCan } from '@olympiad/shared/access/can';
import { getEmailHealth, useOverrideHealth, type EmailHealth } from '../api/email-api';

const servers = { found: 'mail servers found', none: 'no mail servers', unknown: 'mail servers not checked' } as const;

export function EmailHealthCheck() {
  const [email, setEmail] = useState('');
  const [doNotRecheck, setDoNotRecheck] = useState(false);
  const [health, setHealth] = useState<EmailHealth | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const override = useOverrideHealth();
  const can = useCan();
  const check = async () => {
    const result = await getEmailHealth(email, doNotRecheck);
    if (result.ok) {
      setHealth(result.data);
      setProblem(null);
    } else setProblem(result.message);
  };
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Group align="flex-end">
          <TextInput label="Check an address" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} style={{ flex: 1 }} />
          <Checkbox label="Do not check again" checked={doNotRecheck} onChange={(e) => setDoNotRecheck(e.currentTarget.checked)} />
          <Button variant="default" onClick={() => void check()}>
            Check
          </Button>
        </Group>
        {problem && <Alert color="red">{problem}</Alert>}
        {health && (
          <Group gap="xs">
            <Badge color={health.healthy ? 'green' : 'red'}>{health.healthy ? 'Healthy' : 'Not healthy'}</Badge>
            <Text size="sm">
              {health.syntaxOk ? 'Written well' : 'Badly written'} · {servers[health.mailServers]} · {health.hardBounces} hard, {health.softBounces} soft bounces, {health.complaints} complaints
              {health.shunned ? ' · shunned' : ''}
              {health.unsubscribed ? ' · unsubscribed' : ''}
              {health.overridden ? ' · vouched for by an admin' : ''}
            </Text>
            {!health.overridden && can('POST /api/emailer/override-email-health') && (
              <Button
                size="xs"
                variant="light"
                onClick={() =>
                  void override.mutateAsync(health.email).then((r) => {
                    if (r.ok) setHealth(r.data);
                  })
                }
              >
                It works: override
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
