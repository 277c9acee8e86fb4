// /:olympiadName/admin/results/generate-and-send-certificates: makes every learner's certificate from
// the final results (a background run, one ZIP per school, that picks up after a crash), sends each
// school's to its team through the mail queue, pauses and resumes sending, and watches the run.
import { Alert, Badge, Button, Group, Loader, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useCan } from '@olympiad/shared/access/can';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useOlympiadId } from '../../olympiad/use-olympiad-id';
import { downloadSchoolZip, underWay, useBatches, useGenerate, usePause, useRegenerate, useRunStatus, useSend, type Batch } from '../api/certificate-runs';

export function SendCertificatesScreen({ route }: ScreenComponentProps) {
  const olympiadId = useOlympiadId();
  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">Certificates are made only from final results: one PDF per learner, one ZIP per school, e-mailed to each school's team.</Text>
      </div>
      {olympiadId === null ? <Loader role="status" aria-label="Loading" /> : <Run olympiadId={olympiadId} />}
    </Stack>
  );
}

const statusColour: Record<string, string> = { waiting: 'gray', made: 'blue', sent: 'green', failed: 'red' };

export function BatchStatus({ status }: { status: string }) {
  return (
    <Badge color={statusColour[status] ?? 'gray'} variant="light">
      {status}
    </Badge>
  );
}

function Run({ olympiadId }: { olympiadId: number }) {
  const can = useCan();
  const status = useRunStatus(olympiadId);
  const watching = underWay(status.data?.sending);
  const batches = useBatches(olympiadId, watching);
  const generate = useGenerate();
  const send = useSend();
  const pause = usePause();
  const regenerate = useRegenerate();
  if (status.isPending) return <Loader role="status" aria-label="Loading the certificates" />;
  if (status.isError) return <Alert color="red">{status.error.message}</Alert>;
  const { generation, sending } = status.data;
  const run = sending.run;
  const final = sending.resultsState === 'final';
  return (
    <Stack gap="xl">
      {!final && <Alert color="yellow">The results are {sending.resultsState}: finalise them under Results moderation before making certificates.</Alert>}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder radius="md" p="md">
          <Group justify="space-between">
            <Title order={2} size="h4">
              Making
            </Title>
            {run && <Badge variant="light" data-testid="generation-state">{run.status}</Badge>}
          </Group>
          <Text size="sm" c="dimmed" my="xs">
            {run ? `From version ${run.resultsVersion} of the results: ${generation.made + generation.sent} of ${generation.schools} schools made, ${generation.certificates} certificates.` : 'No certificates have been made yet.'}
          </Text>
          <Progress value={generation.progress} aria-label="Schools made" mb="sm" />
          {generation.failed > 0 && <Text c="red.8" size="sm">{generation.failed} school(s) failed: see below.</Text>}
          {can('POST /api/certificate/generate') && (
            <Button disabled={!final} loading={generate.isPending} onClick={() => generate.mutate(olympiadId)}>
              {run ? 'Make them again' : 'Make certificates'}
            </Button>
          )}
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Group justify="space-between">
            <Title order={2} size="h4">
              Sending
            </Title>
            {run && <Badge variant="light" data-testid="sending-state">{run.sending ? (run.paused ? 'paused' : 'sending') : 'not started'}</Badge>}
          </Group>
          <Text size="sm" c="dimmed" my="xs">
            {run ? `${sending.sent} of ${sending.schools} schools sent to their teams.` : 'Make the certificates first.'}
          </Text>
          <Progress value={sending.progress} aria-label="Schools sent" mb="sm" />
          <Group>
            {can('POST /api/certificate/send') && (
              <Button disabled={!run || !final || (run.sending && !run.paused)} loading={send.isPending} onClick={() => send.mutate(olympiadId)}>
                {run?.paused ? 'Resume sending' : 'Send to every school'}
              </Button>
            )}
            {can('POST /api/certificate/pause') && (
              <Button variant="default" disabled={!run?.sending || run.paused} loading={pause.isPending} onClick={() => pause.mutate(olympiadId)}>
                Pause
              </Button>
            )}
          </Group>
        </Paper>
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          Schools
        </Title>
        {batches.isPending ? (
          <Loader role="status" aria-label="Loading the schools" />
        ) : batches.isError ? (
          <Alert color="red">{batches.error.message}</Alert>
        ) : batches.data.length === 0 ? (
          <Text c="dimmed">No school's certificates yet.</Text>
        ) : (
          <Table aria-label="Certificates per school">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>School</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Certificates</Table.Th>
                <Table.Th>Sent</Table.Th>
                <Table.Th>
                  <span className="visually-hidden">Actions</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {batches.data.map((b: Batch) => (
                <Table.Tr key={b.id}>
                  <Table.Td>{b.schoolName}</Table.Td>
                  <Table.Td>
                    <BatchStatus status={b.status} />
                    {b.error && <Text size="xs" c="red.8">{b.error}</Text>}
                  </Table.Td>
                  <Table.Td>{b.certificates}</Table.Td>
                  <Table.Td>{formatDateTime(parseServerTime(b.sentAt))}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end">
                      {(b.status === 'made' || b.status === 'sent') && (
                        <Button size="xs" variant="default" onClick={() => void downloadSchoolZip(b.schoolParticipantId)}>
                          Download ZIP
                        </Button>
                      )}
                      {can('GET /api/certificates/regenerate-and-send-to-school') && final && (
                        <Button size="xs" variant="subtle" onClick={() => regenerate.mutate(b.schoolParticipantId)}>
                          Make again and send
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}
