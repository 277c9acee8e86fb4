// One school's learners on the monitor: where each is, their time left, when they were last heard
// from; extra time, reset and their answers.
import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { DataGrid } from '../../../ui/data-grid/data-grid';
import { pageRows, selectRows } from '../../../ui/data-grid/local-paging';
import type { GridColumn, RowAction } from '../../../ui/data-grid/grid-types';
import { parseServerTime } from '../../../lib/server-time';
import { useRowDialog } from '../../../resource/use-row-dialog';
import type { SchoolSitting } from '../api/get-monitor';
import { useSittingLearners, type LearnerSitting } from '../api/get-sitting-learners';
import { monitorKeys } from '../api/monitor-keys';
import { ExtraTimeDialog, useExtraTimeEditor } from './extra-time-dialog';
import { ResetDialog } from './reset-dialog';
import { SubmittedAnswersDialog } from './submitted-answers';
import { lastSeenText, learnerName, learnerState, positionText, timeLeft } from './monitor-text';

const learnerColumns: GridColumn<LearnerSitting>[] = [
  {
    id: 'name',
    header: 'Learner',
    value: learnerName,
    cell: (learner) => (
      <Stack gap={0}>
        <Text size="sm">{learnerName(learner)}</Text>
        <Text size="xs" c="dimmed">
          {learner.username}
        </Text>
      </Stack>
    ),
    filter: { type: 'text' },
  },
  { id: 'grade', header: 'Grade', value: (learner) => learner.grade, searchable: false, width: 80 },
  {
    id: 'state',
    header: 'State',
    value: (learner) => learnerState(learner).label,
    cell: (learner) => {
      const state = learnerState(learner);
      return <Badge color={state.color}>{state.label}</Badge>;
    },
    filter: { type: 'select', options: ['Not started', 'Preparing', 'Writing', 'Stuck', 'Paused', 'Finished'].map((label) => ({ value: label, label })) },
  },
  {
    id: 'timeLeft',
    header: 'Time left',
    value: (learner) => learner.remainingSeconds ?? null,
    cell: (learner) => (
      <Text size="sm" ff="monospace">
        {timeLeft(learner.remainingSeconds)}
        {learner.extraMinutes > 0 && (
          <Text span size="xs" c="dimmed" ff="inherit">
            {' '}
            (+{learner.extraMinutes} min)
          </Text>
        )}
      </Text>
    ),
    searchable: false,
  },
  {
    id: 'lastSeen',
    header: 'Last seen',
    value: (learner) => parseServerTime(learner.lastSeenAt),
    cell: (learner) => <Text size="sm">{lastSeenText(learner.lastSeenAt)}</Text>,
    searchable: false,
  },
  { id: 'position', header: 'Position', value: (learner) => positionText(learner.position), searchable: false },
];

export function SchoolLearners({ olympiadId, school, onClose }: { olympiadId: number; school: SchoolSitting; onClose: () => void }) {
  const learners = useSittingLearners(olympiadId, school.schoolParticipantId);
  const extraTime = useExtraTimeEditor(olympiadId);
  const [resetting, answersOf] = [useRowDialog<LearnerSitting>(), useRowDialog<LearnerSitting>()];
  const rows = learners.data ?? [];
  const rowActions: RowAction<LearnerSitting>[] = [
    { label: 'Extra time', hidden: (learner) => learner.state !== 'writing' && learner.state !== 'preparing', run: extraTime.edit },
    { label: 'Answers', hidden: (learner) => learner.state === 'notStarted', run: answersOf.open },
    { label: 'Reset', color: 'red', hidden: (learner) => learner.state === 'notStarted', run: resetting.open },
  ];

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="school-learners-title">
      <Stack>
        <Group justify="space-between">
          <Title order={3} id="school-learners-title">
            Learners of {school.schoolName}
          </Title>
          <Button variant="default" size="xs" onClick={onClose}>
            Close
          </Button>
        </Group>
        {!learners.data ? (
          learners.isError ? <Text c="red">{learners.error.message}</Text> : <Loader role="status" aria-label="Loading the learners" />
        ) : (
          <DataGrid<LearnerSitting>
            label={`Learners of ${school.schoolName}`}
            // Pages the latest answer; each refresh (every 15 s) is a new key.
            queryKey={[...monitorKeys.learners(olympiadId, school.schoolParticipantId), learners.dataUpdatedAt]}
            columns={learnerColumns}
            fetchRows={async (params) => pageRows(rows, params, learnerColumns)}
            fetchAll={async (selection) => selectRows(rows, selection, learnerColumns)}
            getRowId={(learner) => String(learner.participantId)}
            exportName={`learners-${school.schoolName}`}
            rowActions={rowActions}
            initialSort={[{ id: 'name', desc: false }]}
            searchPlaceholder="Search by name or username"
          />
        )}
      </Stack>
      <ExtraTimeDialog editor={extraTime} />
      <ResetDialog olympiadId={olympiadId} dialog={resetting} />
      <SubmittedAnswersDialog dialog={answersOf} />
    </Paper>
  );
}
