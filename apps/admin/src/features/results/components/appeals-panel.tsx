// Results moderation's appeals queue: what each school's team asked to be looked at again, waiting ones
// first. Upholding sets the learner's total marks (a moderation change, with the reason); dismissing
// keeps them. Either needs the results not final for an upheld appeal: reopen them first.
import { Alert, Badge, Button, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { useCan } from '@olympiad/shared/access/can';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { NumberField } from '@olympiad/shared/ui/form/form-fields';
import { RecordTable, type TableColumn } from '@olympiad/shared/ui/table/record-table';
import { EditorModal } from '@olympiad/shared/resource/editor-modal';
import { useResourceEditor } from '@olympiad/shared/resource/use-resource-editor';
import { useAppeals, useDecideAppeal, type AppealView } from '../api/appeals';
import { markSchema, noReason, reasonSchema } from '../api/moderate';
import { ReasonField } from './reason-field';
import { limits } from '@olympiad/shared/lib/field-limits';

const stateColour = { lodged: 'blue', upheld: 'green', dismissed: 'gray' } as const;

export function AppealsPanel({ olympiadId, final }: { olympiadId: number; final: boolean }) {
  const appeals = useAppeals(olympiadId);
  const can = useCan();
  const decide = useDecideAppeal();
  const upholding = useResourceEditor({
    schema: markSchema,
    empty: { reason: '' },
    valuesOf: (a: AppealView) => ({ marks: a.score ?? undefined, reason: '' }),
    save: ({ marks, reason }, a) => (a ? decide.mutateAsync({ id: a.id, body: { outcome: 'upheld', reason, marks } }) : Promise.resolve(null)),
  });
  const dismissing = useResourceEditor({
    schema: reasonSchema,
    empty: noReason,
    valuesOf: (_a: AppealView) => noReason,
    save: ({ reason }, a) => (a ? decide.mutateAsync({ id: a.id, body: { outcome: 'dismissed', reason } }) : Promise.resolve(null)),
  });
  const waiting = (appeals.data ?? []).filter((a) => a.state === 'lodged').length;
  const columns: TableColumn<AppealView>[] = [
    { header: 'Lodged', cell: (a) => formatDateTime(parseServerTime(a.lodgedAt)) },
    { header: 'Learner', cell: (a) => `${a.learner} (grade ${a.grade})` },
    { header: 'School', cell: (a) => a.schoolName },
    { header: 'Question', cell: (a) => a.question },
    { header: 'Reason', cell: (a) => a.reason },
    { header: 'Score', cell: (a) => a.score ?? '' },
    {
      header: 'State',
      cell: (a) => (
        <>
          <Badge color={stateColour[a.state]} variant="light">
            {a.state}
          </Badge>
          {a.outcome && (
            <Text size="xs" c="dimmed">
              {a.outcome}
            </Text>
          )}
        </>
      ),
    },
    {
      header: <span className="visually-hidden">Decide</span>,
      cell: (a) =>
        a.state === 'lodged' &&
        can('POST /api/results/appeals/{id}/decide') && (
          <Group gap={4} wrap="nowrap">
            <Button size="xs" disabled={final} onClick={() => upholding.edit(a)}>
              Uphold
            </Button>
            <Button size="xs" variant="default" onClick={() => dismissing.edit(a)}>
              Dismiss
            </Button>
          </Group>
        ),
    },
  ];
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="xs" mb="xs">
        <Title order={2} size="h4">
          Appeals
        </Title>
        {waiting > 0 && <Badge color="blue">{waiting} waiting</Badge>}
      </Group>
      {final && waiting > 0 && <Text size="sm" mb="sm">The results are final: reopen them to uphold an appeal (dismissing needs no reopening).</Text>}
      {appeals.isPending ? (
        <Loader role="status" aria-label="Loading the appeals" />
      ) : appeals.isError ? (
        <Alert color="red">{appeals.error.message}</Alert>
      ) : appeals.data.length === 0 ? (
        <Text c="dimmed">No appeals. Schools' teams lodge them from their results once released.</Text>
      ) : (
        <RecordTable label="Appeals" rows={appeals.data} rowKey={(a) => a.id} columns={columns} />
      )}
      <EditorModal editor={upholding} title={(a) => (a ? `Uphold the appeal of ${a.learner}` : 'Uphold')} submitLabel="Uphold and set the marks" size="md">
        <NumberField control={upholding.form.control} name="marks" label="The learner's total marks" required min={limits.DecideInput.marks.minimum} max={limits.DecideInput.marks.maximum} />
        <ReasonField control={upholding.form.control} />
      </EditorModal>
      <EditorModal editor={dismissing} title={(a) => (a ? `Dismiss the appeal of ${a.learner}` : 'Dismiss')} submitLabel="Dismiss" size="md">
        <Text size="sm">The team reads the reason beside its results.</Text>
        <ReasonField control={dismissing.form.control} />
      </EditorModal>
    </Paper>
  );
}
