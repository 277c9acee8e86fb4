// One olympiad's schools, each with its learners by where they are: entered, not started, writing,
// finished, absent; the totals above.
import { Alert, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { RecordTable, type TableColumn } from '@olympiad/shared/ui/table/record-table';
import { overviewQuery, type OlympiadOverview } from '../api/reports';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Paper>
  );
}

const columns: TableColumn<OlympiadOverview['schools'][number]>[] = [
  { header: 'School', cell: (school) => school.schoolName },
  { header: 'Province', cell: (school) => school.province },
  { header: 'Entry', cell: (school) => school.entryStatus },
  { header: 'Learners', cell: (school) => school.learners },
  { header: 'Started', cell: (school) => school.started },
  { header: 'Finished', cell: (school) => school.finished },
];

export function SchoolOverview({ olympiadId }: { olympiadId: number }) {
  const overview = useQuery(overviewQuery(olympiadId));
  if (overview.isPending) return <Loader role="status" aria-label="Loading the overview" />;
  if (overview.isError) return <Alert color="red" title="Could not load the overview">{overview.error.message}</Alert>;
  const { totals, entries, schools } = overview.data;
  return (
    <Stack>
      <Group justify="space-between" align="baseline">
        <Title order={2}>Schools and learners</Title>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
        <Figure label="Schools entered" value={entries} />
        <Figure label="Learners" value={totals.learners} />
        <Figure label="Not started" value={totals.notStarted} />
        <Figure label="Writing" value={totals.writing} />
        <Figure label="Finished" value={totals.finished} />
        <Figure label="Absent" value={totals.absent} />
      </SimpleGrid>
      {schools.length > 0 && (
        <Paper withBorder radius="md" p="sm">
          <Table.ScrollContainer minWidth={600}>
            <RecordTable label="Learners per school" striped rows={schools} rowKey={(school) => school.schoolParticipantId} columns={columns} />
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}
