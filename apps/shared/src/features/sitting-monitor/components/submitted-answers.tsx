// A learner's answers as submitted: every question of the paper in order, what they answered (as they
// saw it), flags, when each was saved; marks and the score where the paper rule shows them. A
// teacher sees the questions and answers only once nobody can write the paper any more, and until
// then which questions were answered and when.
import { Alert, Badge, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { formatDateTime, parseServerTime } from '../../../lib/server-time';
import { RowModal } from '../../../resource/row-modal';
import type { RowDialog } from '../../../resource/use-row-dialog';
import { useSubmittedData, type SubmittedData } from '../api/get-submitted-data';
import type { LearnerSitting } from '../api/get-sitting-learners';
import { learnerName } from './monitor-text';

export function SubmittedAnswersDialog({ dialog }: { dialog: RowDialog<LearnerSitting> }) {
  return (
    <RowModal dialog={dialog} title={(learner) => `Answers of ${learnerName(learner)}`} size="xl">
      {(learner) => <SubmittedAnswers participantId={learner.participantId} />}
    </RowModal>
  );
}

const FINISH_REASONS: Record<string, string> = { submitted: 'finished by the learner', time_up: 'the time ran out' };

function SubmittedAnswers({ participantId }: { participantId: number }) {
  const submitted = useSubmittedData(participantId);
  if (submitted.isPending) return <Loader role="status" aria-label="Loading the answers" />;
  if (submitted.isError) return <Alert color="red">{submitted.error.message}</Alert>;
  const data = submitted.data;
  const answered = data.answers.filter((answer) => answer.answered).length;
  const withMarks = data.answers.some((answer) => answer.marks != null);
  return (
    <Stack>
      {!data.shown.questions && (
        <Alert color="blue" title="The questions are not shown yet">
          The questions and answers are shown once the sitting has closed for every school, so that no
          school can see the paper before another has written it. Until then you see which questions
          were answered and when.
        </Alert>
      )}
      <Group gap="lg">
        <Text size="sm">
          Grade {data.grade}
          {data.schoolName ? `, ${data.schoolName}` : ''}
        </Text>
        <Text size="sm">
          {answered} of {data.answers.length} answered
        </Text>
        {data.startedAt && <Text size="sm">Started {formatDateTime(parseServerTime(data.startedAt))}</Text>}
        {data.finishedAt && (
          <Text size="sm">
            Finished {formatDateTime(parseServerTime(data.finishedAt))}
            {data.finishReason ? ` (${FINISH_REASONS[data.finishReason] ?? data.finishReason})` : ''}
          </Text>
        )}
        {data.score != null && <Badge size="lg">Score {data.score}</Badge>}
      </Group>
      <Table.ScrollContainer minWidth={560}>
        <Table striped aria-label="Answers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Question</Table.Th>
              <Table.Th>Answer</Table.Th>
              <Table.Th>Saved</Table.Th>
              {withMarks && <Table.Th>Marks</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.answers.map((answer) => (
              <Table.Tr key={answer.questionId}>
                <Table.Td>
                  <Text size="xs" c="dimmed">
                    {answer.moduleTitle || 'Question'} {answer.position}
                  </Text>
                  {answer.question !== '' && <Text size="sm">{answer.question}</Text>}
                </Table.Td>
                <Table.Td>
                  {answerCell(answer)}
                  {answer.flagged && (
                    <Badge ml="xs" size="xs" color="orange">
                      Flagged
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{formatDateTime(parseServerTime(answer.savedAt), '')}</Text>
                </Table.Td>
                {withMarks && <Table.Td>{answer.marks ?? ''}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function answerCell(answer: SubmittedData['answers'][number]) {
  if (!answer.answered) return <Text c="dimmed">Not answered</Text>;
  return answer.answerText !== '' ? answer.answerText : <Text c="dimmed">Answered</Text>;
}
