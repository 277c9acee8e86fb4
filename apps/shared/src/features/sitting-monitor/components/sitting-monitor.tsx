// The live monitor of a sitting, for an olympiad's admins and for teachers (who see their own schools'
// entries only; the server decides which): totals, a row per school with pause and resume, and each
// school's learners. Refreshes itself every 15 seconds.
import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DataGrid } from '../../../ui/data-grid/data-grid';
import { pageRows, selectRows } from '../../../ui/data-grid/local-paging';
import type { GridColumn, RowAction } from '../../../ui/data-grid/grid-types';
import { formatDateTime, parseServerTime } from '../../../lib/server-time';
import { useMonitor, type SchoolSitting } from '../api/get-monitor';
import { monitorKeys } from '../api/monitor-keys';
import { useResumeSchool } from '../api/resume-school';
import { changeAction } from '../../../resource/row-actions';
import { PauseDialog, usePauseEditor } from './pause-dialog';
import { SchoolLearners } from './school-learners';

const schoolColumns: GridColumn<SchoolSitting>[] = [
  { id: 'school', header: 'School', value: (school) => school.schoolName, filter: { type: 'text' } },
  { id: 'registered', header: 'Registered', value: (school) => school.registered, searchable: false },
  { id: 'notStarted', header: 'Not started', value: (school) => school.notStarted, searchable: false },
  { id: 'writing', header: 'Writing', value: (school) => school.writing, searchable: false },
  { id: 'finished', header: 'Finished', value: (school) => school.finished, searchable: false },
  {
    id: 'stuck',
    header: 'Stuck',
    value: (school) => school.stuck,
    cell: (school) => (school.stuck > 0 ? <Badge color="red">{school.stuck}</Badge> : '0'),
    searchable: false,
  },
  {
    id: 'paused',
    header: 'Paused',
    value: (school) => (school.paused ? `${school.paused.reason} (since ${formatDateTime(parseServerTime(school.paused.since))})` : ''),
    cell: (school) =>
      school.paused ? (
        <Stack gap={0}>
          <Badge color="orange">Paused</Badge>
          <Text size="xs">
            {school.paused.reason}, since {formatDateTime(parseServerTime(school.paused.since))}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          No
        </Text>
      ),
    filter: { type: 'select', options: [{ value: 'paused', label: 'Paused' }] },
    matches: (school) => school.paused != null,
  },
];

export function SittingMonitor({ olympiadId }: { olympiadId: number }) {
  const resuming = useResumeSchool();
  const monitor = useMonitor(olympiadId);
  const [shownSchool, setShownSchool] = useState<number | null>(null);
  const pausing = usePauseEditor(olympiadId);
  const schools = monitor.data?.schools ?? [];
  const shown = schools.find((school) => school.schoolParticipantId === shownSchool) ?? null;

  const rowActions: RowAction<SchoolSitting>[] = [
    { label: 'Learners', run: (school) => setShownSchool(school.schoolParticipantId) },
    { label: 'Pause', color: 'orange', hidden: (school) => school.paused != null, run: pausing.edit },
    changeAction<SchoolSitting>({
      label: 'Resume',
      hidden: (school) => school.paused == null,
      confirm: (school) => ({
        title: `Resume the sitting at ${school.schoolName}?`,
        message: 'The clocks of its writing learners start again, each with the time it had left.',
        confirmLabel: 'Resume',
      }),
      change: (school) => resuming.mutateAsync({ olympiadId, school }),
    }),
  ];

  if (monitor.isError && !monitor.data) {
    return (
      <Alert color="red" title="Could not load the live monitor">
        <Group justify="space-between">
          <span>{monitor.error.message}</span>
          <Button size="xs" variant="white" color="red" onClick={() => monitor.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }

  const totals = monitor.data?.totals;
  return (
    <Stack>
      <Group justify="space-between" align="baseline">
        <Title order={2}>Live monitor</Title>
        <Text size="sm" c="dimmed" role="status">
          {monitor.data ? `Updated at ${parseServerTime(monitor.data.serverTime)?.toLocaleTimeString('en-ZA')}; refreshes every 15 seconds` : 'Loading…'}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
        <Total label="Registered" value={totals?.registered} />
        <Total label="Not started" value={totals?.notStarted} />
        <Total label="Writing" value={totals?.writing} />
        <Total label="Finished" value={totals?.finished} />
        <Total label="Stuck" value={totals?.stuck} warn hint="Writing, but not heard from for two minutes" />
      </SimpleGrid>
      {monitor.data && (
        <DataGrid<SchoolSitting>
          label="Schools"
          // The grid pages the monitor's latest answer; a new answer (every 15 s) is a new key.
          queryKey={[...monitorKeys.schools(olympiadId), monitor.dataUpdatedAt]}
          columns={schoolColumns}
          fetchRows={async (params) => pageRows(schools, params, schoolColumns)}
          fetchAll={async (selection) => selectRows(schools, selection, schoolColumns)}
          getRowId={(school) => String(school.schoolParticipantId)}
          exportName="sitting-monitor"
          rowActions={rowActions}
          initialSort={[{ id: 'school', desc: false }]}
          searchPlaceholder="Search schools"
        />
      )}
      {shown && <SchoolLearners olympiadId={olympiadId} school={shown} onClose={() => setShownSchool(null)} />}
      <PauseDialog editor={pausing} />
    </Stack>
  );
}

function Total({ label, value, warn = false, hint }: { label: string; value: number | undefined; warn?: boolean; hint?: string }) {
  return (
    <Paper withBorder p="sm" radius="md" title={hint}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} c={warn && (value ?? 0) > 0 ? 'red.8' : undefined}>
        {value ?? '–'}
      </Text>
    </Paper>
  );
}
