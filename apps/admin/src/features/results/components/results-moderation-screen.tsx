// /:olympiadName/admin/results/moderation: where the results stand (provisional, moderated, final),
// the medal bands, how each grade and each question went, the outliers to look at first, every
// learner's mark to moderate (with a reason), and every change made so far.
import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, NumberInput, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { useCan } from '@olympiad/shared/access/can';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useRowDialog } from '@olympiad/shared/resource/use-row-dialog';
import { useOlympiadId } from '../../olympiad/use-olympiad-id';
import { useModeration, type Moderation, type ResultsState } from '../api/get-moderation';
import { resultsGrid, type ResultRow } from '../api/get-results';
import { useAdjust, useDisqualify, useRemark, useSetBands, useSetState } from '../api/moderate';
import { AppealsPanel } from './appeals-panel';
import { PaperAnswersPanel } from './paper-answers-panel';
import { ReasonModal } from './reason-modal';
import { resultColumns } from './result-columns';
import { limits } from '@olympiad/shared/lib/field-limits';

const stateColour: Record<ResultsState, string> = { provisional: 'gray', moderated: 'blue', final: 'green' };

/** The moves each state offers, as the API allows them. */
const moves: Record<ResultsState, { to: ResultsState; label: string }[]> = {
  provisional: [{ to: 'moderated', label: 'Mark as moderated' }],
  moderated: [
    { to: 'final', label: 'Finalise and release' },
    { to: 'provisional', label: 'Back to provisional' },
  ],
  final: [{ to: 'moderated', label: 'Reopen (a new version)' }],
};

export function ResultsModerationScreen({ route }: ScreenComponentProps) {
  const olympiadId = useOlympiadId();
  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">Check the marks, settle appeals with a reason for each change, then finalise: the final results are what teachers, certificates and the public pages see.</Text>
      </div>
      {olympiadId === null ? <Loader role="status" aria-label="Loading" /> : <Moderating olympiadId={olympiadId} />}
    </Stack>
  );
}

function Moderating({ olympiadId }: { olympiadId: number }) {
  const moderation = useModeration(olympiadId);
  if (moderation.isPending) return <Loader role="status" aria-label="Loading the results" />;
  if (moderation.isError) return <Alert color="red">{moderation.error.message}</Alert>;
  const data = moderation.data;
  return (
    <Stack gap="xl">
      <StatePanel olympiadId={olympiadId} data={data} />
      <BandsPanel olympiadId={olympiadId} data={data} />
      <Distributions data={data} />
      <AppealsPanel olympiadId={olympiadId} final={data.state === 'final'} />
      <MarksGrid olympiadId={olympiadId} final={data.state === 'final'} />
      <PaperAnswersPanel olympiadId={olympiadId} final={data.state === 'final'} />
      <Changes data={data} />
    </Stack>
  );
}

function StatePanel({ olympiadId, data }: { olympiadId: number; data: Moderation }) {
  const can = useCan();
  const setState = useSetState();
  const remark = useRemark();
  const [move, setMove] = useState<{ to: ResultsState; label: string } | null>(null);
  const [remarking, setRemarking] = useState(false);
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>Results</Text>
            <Badge color={stateColour[data.state]} variant="light" data-testid="results-state">
              {data.state}
            </Badge>
            {data.version > 0 && <Badge variant="outline">version {data.version}</Badge>}
          </Group>
          <Text size="sm" c="dimmed">
            {data.learners} finished attempt{data.learners === 1 ? '' : 's'}
            {data.finalisedAt ? ` · last released ${formatDateTime(parseServerTime(data.finalisedAt))}` : ' · not released yet'}
          </Text>
        </Stack>
        <Group>
          {data.state !== 'final' && can('POST /api/results/remark') && (
            <Button variant="default" onClick={() => setRemarking(true)}>
              Mark every attempt again
            </Button>
          )}
          {can('POST /api/results/state') &&
            moves[data.state].map((m) => (
              <Button key={m.to} variant={m.to === 'final' ? 'filled' : 'default'} onClick={() => setMove(m)}>
                {m.label}
              </Button>
            ))}
        </Group>
      </Group>
      <ReasonModal
        title={move?.label ?? ''}
        opened={move !== null}
        onClose={() => setMove(null)}
        confirmLabel={move?.label ?? 'Confirm'}
        busy={setState.isPending}
        onConfirm={async (reason) => (move ? (await setState.mutateAsync({ olympiadId, state: move.to, reason })).ok : false)}
      >
        {move?.to === 'final' && <Text size="sm">The results as they stand now are released as version {data.version + 1}: teachers see their school's, certificates are made from them, and the public pages show the winners.</Text>}
        {move?.to === 'moderated' && data.state === 'final' && <Text size="sm">Version {data.version} stays released until the results are finalised again.</Text>}
      </ReasonModal>
      <ReasonModal
        title="Mark every attempt again"
        opened={remarking}
        onClose={() => setRemarking(false)}
        confirmLabel="Mark again"
        busy={remark.isPending}
        onConfirm={async (reason) => (await remark.mutateAsync({ olympiadId, reason })).ok}
      >
        <Text size="sm">After a corrected answer key: every finished attempt is marked again by the same marking code. Marks set by hand stay as they are.</Text>
      </ReasonModal>
    </Paper>
  );
}

function BandsPanel({ olympiadId, data }: { olympiadId: number; data: Moderation }) {
  const can = useCan();
  const save = useSetBands();
  const [bands, setBands] = useState(data.bands);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const editable = data.state !== 'final' && can('PUT /api/results/bands');
  const field = (name: keyof typeof bands, label: string) => (
    <NumberInput
      label={label}
      description="% of the grade from the top"
      min={limits.MedalBands[name].minimum}
      max={limits.MedalBands[name].maximum}
      decimalScale={1}
      value={bands[name]}
      disabled={!editable}
      error={errors[`bands.${name}`]}
      onChange={(value) => setBands({ ...bands, [name]: typeof value === 'number' ? value : Number(value) || 0 })}
    />
  );
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        Medal bands
      </Title>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {field('gold', 'Gold')}
        {field('silver', 'Silver')}
        {field('bronze', 'Bronze')}
        {field('merit', 'Merit')}
      </SimpleGrid>
      {editable && (
        <Group justify="flex-end" mt="sm">
          <Button
            variant="default"
            loading={save.isPending}
            onClick={async () => {
              const result = await save.mutateAsync({ olympiadId, bands });
              setErrors(result.ok ? {} : (result.fields ?? {}));
            }}
          >
            Save bands
          </Button>
        </Group>
      )}
    </Paper>
  );
}

function Distributions({ data }: { data: Moderation }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          Per grade
        </Title>
        {data.grades.length === 0 ? (
          <Text c="dimmed">No finished attempts yet.</Text>
        ) : (
          <Table aria-label="Scores per grade">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Grade</Table.Th>
                <Table.Th>Learners</Table.Th>
                <Table.Th>Mean</Table.Th>
                <Table.Th>Median</Table.Th>
                <Table.Th>Lowest</Table.Th>
                <Table.Th>Highest</Table.Th>
                <Table.Th>Spread (tenths of the top score)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.grades.map((g) => (
                <Table.Tr key={g.grade}>
                  <Table.Td>{g.grade}</Table.Td>
                  <Table.Td>{g.learners}</Table.Td>
                  <Table.Td>{g.mean}</Table.Td>
                  <Table.Td>{g.median}</Table.Td>
                  <Table.Td>{g.lowest}</Table.Td>
                  <Table.Td>{g.highest}</Table.Td>
                  <Table.Td>{g.buckets.join(' · ')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          Per question
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          A question few got right is the first place to look for a wrong answer key.
        </Text>
        <Table aria-label="Marks per question">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Question</Table.Th>
              <Table.Th>Out of</Table.Th>
              <Table.Th>Answered</Table.Th>
              <Table.Th>Full marks</Table.Th>
              <Table.Th>Mean</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.questions.map((q) => (
              <Table.Tr key={q.questionId}>
                <Table.Td>{q.label}</Table.Td>
                <Table.Td>{q.outOf}</Table.Td>
                <Table.Td>{q.answered}</Table.Td>
                <Table.Td>
                  <Text size="sm" c={q.facility < 10 && data.learners > 0 ? 'red.8' : undefined}>
                    {q.fullMarks} ({q.facility} %)
                  </Text>
                </Table.Td>
                <Table.Td>{q.meanMarks}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          Outliers
        </Title>
        {data.outliers.length === 0 ? (
          <Text c="dimmed">No score stands out.</Text>
        ) : (
          <Table aria-label="Outliers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Learner</Table.Th>
                <Table.Th>School</Table.Th>
                <Table.Th>Grade</Table.Th>
                <Table.Th>Score</Table.Th>
                <Table.Th>Marked</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.outliers.map((l) => (
                <Table.Tr key={l.attemptId}>
                  <Table.Td>
                    {l.firstName} {l.lastName}
                  </Table.Td>
                  <Table.Td>{l.schoolName}</Table.Td>
                  <Table.Td>{l.grade}</Table.Td>
                  <Table.Td>{l.score}</Table.Td>
                  <Table.Td>{l.markedScore}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </SimpleGrid>
  );
}

function MarksGrid({ olympiadId, final }: { olympiadId: number; final: boolean }) {
  const grid = useMemo(() => resultsGrid(olympiadId), [olympiadId]);
  const adjust = useAdjust();
  const disqualify = useDisqualify();
  const [adjusting, toggling] = [useRowDialog<ResultRow>(), useRowDialog<ResultRow>()];
  const [marks, setMarks] = useState<number>(0);
  const columns: GridColumn<ResultRow>[] = resultColumns;
  const rowActions: RowAction<ResultRow>[] = [
    {
      label: 'Moderate mark',
      operation: 'POST /api/results/adjust',
      hidden: () => final,
      run: (row) => {
        setMarks(row.score);
        adjusting.open(row);
      },
    },
    {
      label: 'Disqualify',
      operation: 'POST /api/results/disqualify',
      hidden: (row) => final || row.disqualified,
      run: toggling.open,
    },
    {
      label: 'Reinstate',
      operation: 'POST /api/results/disqualify',
      hidden: (row) => final || !row.disqualified,
      run: toggling.open,
    },
  ];
  return (
    <Stack>
      <Title order={2} size="h4">
        Marks and appeals
      </Title>
      {final && <Alert color="blue">The results are final. Reopen them to moderate a mark: the next release is a new version.</Alert>}
      <DataGrid<ResultRow> label="Learners' results" {...grid} columns={columns} rowActions={rowActions} initialSort={[{ id: 'rank', desc: false }]} searchPlaceholder="Search by learner or school" />
      <ReasonModal
        title={adjusting.row ? `Moderate the mark of ${adjusting.row.firstName} ${adjusting.row.lastName}` : ''}
        opened={adjusting.opened}
        onClose={adjusting.close}
        confirmLabel="Save mark"
        busy={adjust.isPending}
        onConfirm={async (reason) =>
          adjusting.row ? (await adjust.mutateAsync({ olympiadId, attemptId: adjusting.row.attemptId, marks, reason })).ok : false
        }
      >
        <Text size="sm">Marked by the marking code: {adjusting.row?.markedScore}. {adjusting.row?.adjusted ? `Moderated before to ${adjusting.row.score}.` : ''}</Text>
        <NumberInput label="Total marks" min={limits.AdjustInput.marks.minimum} max={limits.AdjustInput.marks.maximum} value={marks} onChange={(value) => setMarks(typeof value === 'number' ? value : Number(value) || 0)} />
      </ReasonModal>
      <ReasonModal
        title={toggling.row ? `${toggling.row.disqualified ? 'Reinstate' : 'Disqualify'} ${toggling.row.firstName} ${toggling.row.lastName}` : ''}
        opened={toggling.opened}
        onClose={toggling.close}
        confirmLabel={toggling.row?.disqualified ? 'Reinstate' : 'Disqualify'}
        busy={disqualify.isPending}
        onConfirm={async (reason) =>
          toggling.row ? (await disqualify.mutateAsync({ olympiadId, attemptId: toggling.row.attemptId, disqualified: !toggling.row.disqualified, reason })).ok : false
        }
      />
    </Stack>
  );
}

function Changes({ data }: { data: Moderation }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        Changes
      </Title>
      {data.changes.length === 0 ? (
        <Text c="dimmed">No change has been made to the marks.</Text>
      ) : (
        <Table aria-label="Changes to the results">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th>Learner</Table.Th>
              <Table.Th>Marks</Table.Th>
              <Table.Th>Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.changes.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{formatDateTime(parseServerTime(c.createdAt))}</Table.Td>
                <Table.Td>{c.kind}</Table.Td>
                <Table.Td>{c.learner}</Table.Td>
                <Table.Td>{c.marks == null ? '' : `${c.marksBefore ?? ''} → ${c.marks}`}</Table.Td>
                <Table.Td>{c.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

