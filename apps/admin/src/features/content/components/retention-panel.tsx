// How long logs and unfinished accounts are kept (POPIA), on the overlord's System Config. An empty
// field keeps them for ever (the default); the worker's daily sweep deletes what is older.
import { useEffect, useState } from 'react';
import { Alert, Button, NumberInput, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCan } from '@olympiad/shared/access/can';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { retentionQuery, useSaveRetention, type RetentionInput } from '../../privacy/api/privacy';
import { limits } from '@olympiad/shared/lib/field-limits';

const FIELDS: { key: keyof RetentionInput; label: string; description: string }[] = [
  { key: 'appLogDays', label: 'App logs', description: "The server's own log" },
  { key: 'activityLogDays', label: 'Activity logs', description: 'Who did what, but for sign-ins' },
  { key: 'signinDays', label: 'Sign-in records', description: 'Sign-ins, sign-outs and impersonations' },
  { key: 'emailLogDays', label: 'E-mail logs', description: 'What became of each e-mail sent' },
  { key: 'unfinishedAccountDays', label: 'Unfinished accounts', description: 'Teachers never signed in and on no team, learners entered nowhere, interest never confirmed' },
];

const EMPTY: RetentionInput = { appLogDays: null, activityLogDays: null, emailLogDays: null, signinDays: null, unfinishedAccountDays: null };

export function RetentionPanel() {
  const can = useCan();
  const settings = useQuery(retentionQuery());
  const save = useSaveRetention();
  const [days, setDays] = useState<RetentionInput>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (settings.data) {
      const { appLogDays, activityLogDays, emailLogDays, signinDays, unfinishedAccountDays } = settings.data;
      setDays({
        appLogDays: appLogDays ?? null,
        activityLogDays: activityLogDays ?? null,
        emailLogDays: emailLogDays ?? null,
        signinDays: signinDays ?? null,
        unfinishedAccountDays: unfinishedAccountDays ?? null,
      });
    }
  }, [settings.data]);
  if (settings.isPending) return <Skeleton height={160} role="status" aria-label="Loading the retention settings" />;
  if (settings.isError) return <Alert color="red">{settings.error.message}</Alert>;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await save.mutateAsync(days);
    setErrors(result.ok ? {} : { ...result.fields, ...(Object.keys(result.fields).length === 0 ? { appLogDays: result.message } : {}) });
  };
  const editable = can('PUT /api/privacy/retention');
  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} aria-label="Retention">
      <Stack>
        <div>
          <Title order={2} size="h3">
            Retention (POPIA)
          </Title>
          <Text c="dimmed" size="sm">
            Days each kind of record is kept; empty keeps it for ever. Swept once a day
            {settings.data.lastSweptAt ? `; last on ${formatDateTime(parseServerTime(settings.data.lastSweptAt))}` : ''}.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {FIELDS.map((field) => (
            <NumberInput
              key={field.key}
              label={`${field.label} (days)`}
              description={field.description}
              min={limits.RetentionInput[field.key].minimum}
              max={limits.RetentionInput[field.key].maximum}
              allowDecimal={false}
              placeholder="Kept for ever"
              value={days[field.key] ?? ''}
              error={errors[field.key]}
              disabled={!editable}
              onChange={(value) => setDays((d) => ({ ...d, [field.key]: typeof value === 'number' ? value : null }))}
            />
          ))}
        </SimpleGrid>
        {editable && (
          <Button type="submit" loading={save.isPending} w="fit-content">
            Save retention
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
