// Mass Mail Summary (overlord): each mass mail's outcome: sent, failed, bounced, skipped (shunned or
// unsubscribed when queued), still waiting; refreshed while mail is on its way.
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Group, Loader, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { GridScreen } from '@olympiad/shared/resource/grid-screen';
import { audienceLabels, massMailsQuery } from '../api/email-api';
import { sentShare } from './mass-mails-screen';

export function SummaryScreen({ route }: ScreenComponentProps) {
  const mails = useQuery({ ...massMailsQuery(undefined), refetchInterval: 5000 });
  return (
    <GridScreen title={route.title} description="What each mass mail did: sent, failed, bounced, skipped and still waiting.">
      {mails.isPending && <Loader role="status" aria-label="Loading the mass mails" />}
      {mails.isError && <Alert color="red">{mails.error.message}</Alert>}
      {mails.data?.length === 0 && <Text>No mass mail has been written yet.</Text>}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {mails.data?.map((m) => (
          <Paper key={m.id} withBorder p="md">
            <Stack gap="xs">
              <Group justify="space-between">
                <Title order={2} size="h4">
                  {m.title}
                </Title>
                <Badge variant="light">{m.status}</Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {audienceLabels[m.audience]} · {m.recipients} queued
              </Text>
              <Progress value={sentShare(m)} aria-label={`${sentShare(m)}% of “${m.title}” handled`} />
              <Text size="sm">
                Sent {m.progress.sent} · failed {m.progress.failed} · bounced {m.progress.bounced} · skipped {m.progress.skipped} · on the way {m.progress.queued} · waiting for release {m.progress.held}
              </Text>
              <Text size="xs" c="dimmed">
                Opens are not tracked: no tracking pixel is put in the e-mails.
              </Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </GridScreen>
  );
}
