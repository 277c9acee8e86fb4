// /:olympiadName/admin/results/view: every learner's result, ranked in their grade, filtered by grade,
// province and award and exported as CSV or XLSX (the grid's export follows its filters), and the top
// schools.
import { useMemo } from 'react';
import { Alert, Badge, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useOlympiadId } from '../../olympiad/use-olympiad-id';
import { useModeration } from '../api/get-moderation';
import { resultsGrid, useTopSchools, type ResultRow } from '../api/get-results';
import { resultColumns } from './result-columns';

export function ViewResultsScreen({ route }: ScreenComponentProps) {
  const olympiadId = useOlympiadId();
  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">Every learner's result, ranked in their grade (tied learners share a place and an award), and the top schools.</Text>
      </div>
      {olympiadId === null ? <Loader role="status" aria-label="Loading" /> : <Results olympiadId={olympiadId} />}
    </Stack>
  );
}

function Results({ olympiadId }: { olympiadId: number }) {
  const grid = useMemo(() => resultsGrid(olympiadId), [olympiadId]);
  const moderation = useModeration(olympiadId);
  return (
    <Stack gap="xl">
      {moderation.data && (
        <Group gap="xs">
          <Text size="sm">These are the results as they stand:</Text>
          <Badge variant="light">{moderation.data.state}</Badge>
          {moderation.data.version > 0 && <Text size="sm" c="dimmed">(version {moderation.data.version} is released)</Text>}
        </Group>
      )}
      <DataGrid<ResultRow> label="Results" {...grid} columns={resultColumns} initialSort={[{ id: 'rank', desc: false }]} searchPlaceholder="Search by learner or school" />
      <TopSchools olympiadId={olympiadId} />
    </Stack>
  );
}

function TopSchools({ olympiadId }: { olympiadId: number }) {
  const schools = useTopSchools(olympiadId);
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="xs">
        Top schools
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Ranked by the mean of each school's best five scores, so that a small school can come first.
      </Text>
      {schools.isPending ? (
        <Loader role="status" aria-label="Loading the top schools" />
      ) : schools.isError ? (
        <Alert color="red">{schools.error.message}</Alert>
      ) : schools.data.length === 0 ? (
        <Text c="dimmed">No finished attempts yet.</Text>
      ) : (
        <Table aria-label="Top schools">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Rank</Table.Th>
              <Table.Th>School</Table.Th>
              <Table.Th>Province</Table.Th>
              <Table.Th>Learners</Table.Th>
              <Table.Th>Best five, mean</Table.Th>
              <Table.Th>Gold</Table.Th>
              <Table.Th>Silver</Table.Th>
              <Table.Th>Bronze</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {schools.data.slice(0, 50).map((s) => (
              <Table.Tr key={s.schoolParticipantId}>
                <Table.Td>{s.rank}</Table.Td>
                <Table.Td>{s.schoolName}</Table.Td>
                <Table.Td>{s.province}</Table.Td>
                <Table.Td>{s.learners}</Table.Td>
                <Table.Td>{s.score}</Table.Td>
                <Table.Td>{s.gold}</Table.Td>
                <Table.Td>{s.silver}</Table.Td>
                <Table.Td>{s.bronze}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
