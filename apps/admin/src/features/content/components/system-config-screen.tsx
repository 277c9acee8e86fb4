// System Config (overlord): /overlord/system-config, the platform's switches. Maintenance mode sends
// every visitor of the public sites to /maintenance, with the message written here, until it is off;
// and how long logs and unfinished accounts are kept (POPIA).
import { useEffect, useState } from 'react';
import { Alert, Button, Paper, Skeleton, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { useSystemConfig } from '@olympiad/shared/features/content/api/get-system-config';
import { limits } from '@olympiad/shared/lib/field-limits';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { RetentionPanel } from './retention-panel';
import { useSaveSystemConfig } from '../api/system-config';

export function SystemConfigScreen({ route }: ScreenComponentProps) {
  const config = useSystemConfig();
  const save = useSaveSystemConfig();
  const [mode, setMode] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (config.data) {
      setMode(config.data.maintenanceMode);
      setMessage(config.data.maintenanceMessage);
    }
  }, [config.data]);
  if (config.isPending) return <Skeleton height={200} role="status" aria-label="Loading" />;
  if (config.isError) return <Alert color="red">{config.error.message}</Alert>;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await save.mutateAsync({ maintenanceMode: mode, maintenanceMessage: message });
    setError(result.ok ? undefined : (result.fields.maintenanceMessage ?? result.message));
  };
  return (
    <Stack maw={720}>
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">Last changed {new Date(config.data.updatedAt).toLocaleString()}.</Text>
      </div>
      {config.data.maintenanceMode && (
        <Alert color="orange" title="The public sites are in maintenance">
          Their visitors see the maintenance page. Sign-in, the portal and the back office work as usual.
        </Alert>
      )}
      <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} aria-label="System config">
        <Stack>
          <Switch label="Maintenance mode" description="Send every visitor of the public sites to the maintenance page" checked={mode} onChange={(e) => setMode(e.currentTarget.checked)} />
          <Textarea label="Message on the maintenance page" value={message} onChange={(e) => setMessage(e.currentTarget.value)} maxLength={limits.SystemConfigInput.maintenanceMessage.maxLength} error={error} autosize minRows={2} />
          <Button type="submit" loading={save.isPending} w="fit-content">
            Save
          </Button>
        </Stack>
      </Paper>
      <RetentionPanel />
    </Stack>
  );
}
