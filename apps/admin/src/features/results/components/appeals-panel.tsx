// Results moderation's appeals queue: what each school's team asked to be looked at again, waiting ones
// first. Upholding sets the learner's total marks (a moderation change, with the reason); dismissing
// keeps them. Either needs the results not final for an upheld appeal: reopen them first.
import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, NumberInput, Paper, Table, Text, Title } from '@mantine/core';
import { useCan } from '@olympiad/shared/access/can';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { useAppeals, useDecideAppeal, type AppealView } from '../api/appeals';
import { ReasonModal } from './reason-modal';
import { limits } from '@olympiad/shared/lib/field-limits';

const stateColour = { lodged: 'blue', upheld: 'green', dismissed: 'gray' } as const;

export function AppealsPanel({ olympiadId, final }: { olympiadId: number; final: boolean }) {
  const appeals = useAppeals(olympiadId);
  const can = useCan();
  const decide = useDecideAppeal();
  const [upholding, setUpholding] = useState<AppealView | null>(null);
  const [dismissing, setDismissing] = useState<AppealView | null>(null);
  const [marks, setMarks] = useState<number | string>('');
  const waiting = (appeals.data ?? []).filter((a) => a.state === 'lodged').length;
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
        <Table aria-label="Appeals">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Lodged</Table.Th>
              <Table.Th>Learner</Table.Th>
              <Table.Th>School</Table.Th>
              <Table.Th>Question</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th>Score</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>
                <span className="visually-hidden">Decide</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {appeals.data.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>{formatDateTime(parseServerTime(a.lodgedAt))}</Table.Td>
                <Table.Td>
                  {a.learner} (grade {a.grade})
                </Table.Td>
                <Table.Td>{a.schoolName}</Table.Td>
                <Table.Td>{a.question}</Table.Td>
                <Table.Td>{a.reason}</Table.Td>
                <Table.Td>{a.score ?? ''}</Table.Td>
                <Table.Td>
                  <Badge color={stateColour[a.state]} variant="light">
                    {a.state}
                  </Badge>
                  {a.outcome && (
                    <Text size="xs" c="dimmed">
                      {a.outcome}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {a.state === 'lodged' && can('POST /api/results/appeals/{id}/decide') && (
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="xs"
                        disabled={final}
                        onClick={() => {
                          setMarks(a.score ?? '');
                          setUpholding(a);
                        }}
                      >
                        Uphold
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setDismissing(a)}>
                        Dismiss
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ReasonModal
        title={upholding ? `Uphold the appeal of ${upholding.learner}` : 'Uphold'}
        opened={upholding !== null}
        onClose={() => setUpholding(null)}
        confirmLabel="Uphold and set the marks"
        busy={decide.isPending}
        onConfirm={async (reason) =>
          upholding !== null && typeof marks === 'number'
            ? (await decide.mutateAsync({ id: upholding.id, body: { outcome: 'upheld', reason, marks } })).ok
            : false
        }
      >
        <NumberInput label="The learner's total marks" required min={limits.DecideInput.marks.minimum} max={limits.DecideInput.marks.maximum} value={marks} onChange={setMarks} />
      </ReasonModal>
      <ReasonModal
        title={dismissing ? `Dismiss the appeal of ${dismissing.learner}` : 'Dismiss'}
        opened={dismissing !== null}
        onClose={() => setDismissing(null)}
        confirmLabel="Dismiss"
        busy={decide.isPending}
        onConfirm={async (reason) => (dismissing !== null ? (await decide.mutateAsync({ id: dismissing.id, body: { outcome: 'dismissed', reason } })).ok : false)}
      >
        <Text size="sm">The team reads the reason beside its results.</Text>
      </ReasonModal>
    </Paper>
  );
}
