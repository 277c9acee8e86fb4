// /:olympiadName/admin/results/moderation: where the results stand (provisional, moderated, final),
// the medal bands, how each grade and each question went, the outliers to look at first, every
// learner's mark to moderate (with a reason), and every change made so far.
import { useMemo } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { FormAlert, NumberField, SubmitButton } from '@olympiad/shared/ui/form/form-fields';
import { RecordTable, type TableColumn } from '@olympiad/shared/ui/table/record-table';
import { useCan } from '@olympiad/shared/access/can';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { EditorModal } from '@olympiad/shared/resource/editor-modal';
import { useRecordForm } from '@olympiad/shared/resource/use-record-form';
import { useResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import { useOlympiadId } from '../../olympiad/use-olympiad-id';
import { useModeration, type Moderation, type ResultsState } from '../api/get-moderation';
import { resultsGrid, type ResultRow } from '../api/get-results';
import { bandsSchema, markSchema, noReason, reasonSchema, useAdjust, useDisqualify, useRemark, useSetBands, useSetState } from '../api/moderate';
import { AppealsPanel } from './appeals-panel';
import { PaperAnswersPanel } from './paper-answers-panel';
import { ReasonField } from './reason-field';
import { resultColumns } from './result-columns';
import { limits } from '@olympiad/shared/lib/field-limits';

const stateColour: Record<ResultsState, string> = { provisional: 'gray', moderated: 'blue', final: 'green' };

type Move = { to: ResultsState; label: string };

/** The moves each state offers, as the API allows them. */
const moves: Record<ResultsState, Move[]> = {
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
  const moving = useResourceEditor({
    schema: reasonSchema,
    empty: noReason,
    valuesOf: (_move: Move) => noReason,
    save: ({ reason }, move) => (move ? setState.mutateAsync({ olympiadId, state: move.to, reason }) : Promise.resolve(null)),
  });
  const remarking = useResourceEditor({ schema: reasonSchema, empty: noReason, valuesOf: () => noReason, save: ({ reason }) => remark.mutateAsync({ olympiadId, reason }) });
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
            <Button variant="default" onClick={remarking.create}>
              Mark every attempt again
            </Button>
          )}
          {can('POST /api/results/state') &&
            moves[data.state].map((m) => (
              <Button key={m.to} variant={m.to === 'final' ? 'filled' : 'default'} onClick={() => moving.edit(m)}>
                {m.label}
              </Button>
            ))}
        </Group>
      </Group>
      <EditorModal editor={moving} title={(move) => move?.label ?? ''} submitLabel={(move) => move?.label ?? 'Confirm'} size="md">
        {moving.row?.to === 'final' && <Text size="sm">The results as they stand now are released as version {data.version + 1}: teachers see their school's, certificates are made from them, and the public pages show the winners.</Text>}
        {moving.row?.to === 'moderated' && data.state === 'final' && <Text size="sm">Version {data.version} stays released until the results are finalised again.</Text>}
        <ReasonField control={moving.form.control} />
      </EditorModal>
      <EditorModal editor={remarking} title={() => 'Mark every attempt again'} submitLabel="Mark again" size="md">
        <Text size="sm">After a corrected answer key: every finished attempt is marked again by the same marking code. Marks set by hand stay as they are.</Text>
        <ReasonField control={remarking.form.control} />
      </EditorModal>
    </Paper>
  );
}

function BandsPanel({ olympiadId, data }: { olympiadId: number; data: Moderation }) {
  const can = useCan();
  const save = useSetBands();
  const editable = data.state !== 'final' && can('PUT /api/results/bands');
  const { form, error, submit, submitting } = useRecordForm({
    schema: bandsSchema,
    record: data.bands,
    valuesOf: (bands) => bands,
    save: (bands) => save.mutateAsync({ olympiadId, bands }),
    serverPrefix: 'bands.',
  });
  const field = (name: keyof typeof data.bands, label: string) => (
    <NumberField
      control={form.control}
      name={name}
      label={label}
      description="% of the grade from the top"
      min={limits.MedalBands[name].minimum}
      max={limits.MedalBands[name].maximum}
      decimalScale={1}
      disabled={!editable}
    />
  );
  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate>
      <Title order={2} size="h4" mb="sm">
        Medal bands
      </Title>
      <FormAlert message={error} />
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {field('gold', 'Gold')}
        {field('silver', 'Silver')}
        {field('bronze', 'Bronze')}
        {field('merit', 'Merit')}
      </SimpleGrid>
      {editable && (
        <Group justify="flex-end" mt="sm">
          <SubmitButton variant="default" submitting={submitting}>
            Save bands
          </SubmitButton>
        </Group>
      )}
    </Paper>
  );
}

type Grade = Moderation['grades'][number];
type Question = Moderation['questions'][number];
type Outlier = Moderation['outliers'][number];
type Change = Moderation['changes'][number];

const gradeColumns: TableColumn<Grade>[] = [
  { header: 'Grade', cell: (g) => g.grade },
  { header: 'Learners', cell: (g) => g.learners },
  { header: 'Mean', cell: (g) => g.mean },
  { header: 'Median', cell: (g) => g.median },
  { header: 'Lowest', cell: (g) => g.lowest },
  { header: 'Highest', cell: (g) => g.highest },
  { header: 'Spread (tenths of the top score)', cell: (g) => g.buckets.join(' · ') },
];

const outlierColumns: TableColumn<Outlier>[] = [
  { header: 'Learner', cell: (l) => `${l.firstName} ${l.lastName}` },
  { header: 'School', cell: (l) => l.schoolName },
  { header: 'Grade', cell: (l) => l.grade },
  { header: 'Score', cell: (l) => l.score },
  { header: 'Marked', cell: (l) => l.markedScore },
];

const changeColumns: TableColumn<Change>[] = [
  { header: 'When', cell: (c) => formatDateTime(parseServerTime(c.createdAt)) },
  { header: 'What', cell: (c) => c.kind },
  { header: 'Learner', cell: (c) => c.learner },
  { header: 'Marks', cell: (c) => (c.marks == null ? '' : `${c.marksBefore ?? ''} → ${c.marks}`) },
  { header: 'Reason', cell: (c) => c.reason },
];

function Distributions({ data }: { data: Moderation }) {
  const questionColumns: TableColumn<Question>[] = [
    { header: 'Question', cell: (q) => q.label },
    { header: 'Out of', cell: (q) => q.outOf },
    { header: 'Answered', cell: (q) => q.answered },
    {
      header: 'Full marks',
      cell: (q) => (
        <Text size="sm" c={q.facility < 10 && data.learners > 0 ? 'red.8' : undefined}>
          {q.fullMarks} ({q.facility} %)
        </Text>
      ),
    },
    { header: 'Mean', cell: (q) => q.meanMarks },
  ];
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          Per grade
        </Title>
        {data.grades.length === 0 ? (
          <Text c="dimmed">No finished attempts yet.</Text>
        ) : (
          <RecordTable label="Scores per grade" rows={data.grades} rowKey={(g) => g.grade} columns={gradeColumns} />
        )}
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          Per question
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          A question few got right is the first place to look for a wrong answer key.
        </Text>
        <RecordTable label="Marks per question" rows={data.questions} rowKey={(q) => q.questionId} columns={questionColumns} />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          Outliers
        </Title>
        {data.outliers.length === 0 ? (
          <Text c="dimmed">No score stands out.</Text>
        ) : (
          <RecordTable label="Outliers" rows={data.outliers} rowKey={(l) => l.attemptId} columns={outlierColumns} />
        )}
      </Paper>
    </SimpleGrid>
  );
}

function MarksGrid({ olympiadId, final }: { olympiadId: number; final: boolean }) {
  const grid = useMemo(() => resultsGrid(olympiadId), [olympiadId]);
  const adjust = useAdjust();
  const disqualify = useDisqualify();
  const adjusting = useResourceEditor({
    schema: markSchema,
    empty: { marks: 0, reason: '' },
    valuesOf: (row: ResultRow) => ({ marks: row.score, reason: '' }),
    save: ({ marks, reason }, row) => (row ? adjust.mutateAsync({ olympiadId, attemptId: row.attemptId, marks, reason }) : Promise.resolve(null)),
  });
  const toggling = useResourceEditor({
    schema: reasonSchema,
    empty: noReason,
    valuesOf: (_row: ResultRow) => noReason,
    save: ({ reason }, row) => (row ? disqualify.mutateAsync({ olympiadId, attemptId: row.attemptId, disqualified: !row.disqualified, reason }) : Promise.resolve(null)),
  });
  const toggled = (row: ResultRow | null) => (row?.disqualified ? 'Reinstate' : 'Disqualify');
  const rowActions: RowAction<ResultRow>[] = [
    { label: 'Moderate mark', operation: 'POST /api/results/adjust', hidden: () => final, run: adjusting.edit },
    { label: 'Disqualify', operation: 'POST /api/results/disqualify', hidden: (row) => final || row.disqualified, run: toggling.edit },
    { label: 'Reinstate', operation: 'POST /api/results/disqualify', hidden: (row) => final || !row.disqualified, run: toggling.edit },
  ];
  return (
    <Stack>
      <Title order={2} size="h4">
        Marks and appeals
      </Title>
      {final && <Alert color="blue">The results are final. Reopen them to moderate a mark: the next release is a new version.</Alert>}
      <DataGrid<ResultRow> label="Learners' results" {...grid} columns={resultColumns} rowActions={rowActions} initialSort={[{ id: 'rank', desc: false }]} searchPlaceholder="Search by learner or school" />
      <EditorModal editor={adjusting} title={(row) => (row ? `Moderate the mark of ${row.firstName} ${row.lastName}` : '')} submitLabel="Save mark" size="md">
        <Text size="sm">Marked by the marking code: {adjusting.row?.markedScore}. {adjusting.row?.adjusted ? `Moderated before to ${adjusting.row.score}.` : ''}</Text>
        <NumberField control={adjusting.form.control} name="marks" label="Total marks" min={limits.AdjustInput.marks.minimum} max={limits.AdjustInput.marks.maximum} />
        <ReasonField control={adjusting.form.control} />
      </EditorModal>
      <EditorModal editor={toggling} title={(row) => (row ? `${toggled(row)} ${row.firstName} ${row.lastName}` : '')} submitLabel={toggled} size="md">
        <ReasonField control={toggling.form.control} />
      </EditorModal>
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
        <RecordTable label="Changes to the results" rows={data.changes} rowKey={(c) => c.id} columns={changeColumns} />
      )}
    </Paper>
  );
}
