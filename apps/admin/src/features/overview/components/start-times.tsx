// Start times: learners who started, per minute as a bar chart that is also a table (the spike at the
// start shows at a glance and reads out row by row), and per school.
import { Alert, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { useStartTimes } from '../api/get-start-times';

const clock = (text: string) => parseServerTime(text)?.toLocaleTimeString('en-ZA', { hour: '2-digit', minute: '2-digit' }) ?? text;

export function StartTimesReport({ olympiadId }: { olympiadId: number }) {
  const starts = useStartTimes(olympiadId);
  if (starts.isPending) return <Loader role="status" aria-label="Loading the start times" />;
  if (starts.isError) return <Alert color="red" title="Could not load the start times">{starts.error.message}</Alert>;
  const { started, perMinute, perSchool } = starts.data;
  const busiest = Math.max(1, ...perMinute.map((minute) => minute.started));
  return (
    <Stack>
      <Group justify="space-between" align="baseline">
        <Title order={2}>Start times</Title>
        <Text size="sm" c="dimmed">
          {started} learner{started === 1 ? '' : 's'} started
        </Text>
      </Group>
      {started === 0 ? (
        <Text c="dimmed">No learner has started yet.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Paper withBorder radius="md" p="sm">
            <Table aria-label="Starts per minute" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={70}>Minute</Table.Th>
                  <Table.Th w={70}>Started</Table.Th>
                  <Table.Th>
                    <span className="visually-hidden">Share of the busiest minute</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {perMinute.map((minute) => (
                  <Table.Tr key={minute.minute}>
                    <Table.Td>{clock(minute.minute)}</Table.Td>
                    <Table.Td>{minute.started}</Table.Td>
                    <Table.Td>
                      <div
                        aria-hidden="true"
                        style={{
                          height: 12,
                          width: `${(100 * minute.started) / busiest}%`,
                          minWidth: 2,
                          borderRadius: 3,
                          background: 'var(--mantine-primary-color-filled)',
                        }}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
          <Paper withBorder radius="md" p="sm">
            <Table aria-label="Starts per school" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>School</Table.Th>
                  <Table.Th>Started</Table.Th>
                  <Table.Th>First</Table.Th>
                  <Table.Th>Last</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {perSchool.map((school) => (
                  <Table.Tr key={school.schoolParticipantId ?? 'none'}>
                    <Table.Td>{school.schoolName ?? 'No school'}</Table.Td>
                    <Table.Td>{school.started}</Table.Td>
                    <Table.Td>{formatDateTime(parseServerTime(school.firstStart))}</Table.Td>
                    <Table.Td>{formatDateTime(parseServerTime(school.lastStart))}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        </SimpleGrid>
      )}
    </Stack>
  );
}
