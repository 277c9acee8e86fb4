// Questions by difficulty: each question's facility (the share of its marks learners earned) and
// discrimination (how much better the strongest 27% did than the weakest 27%), hardest first, beside
// the difficulty its setter gave it. A question with a low or negative discrimination is worth a look:
// the answer key may be wrong.
import { Alert, Badge, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { RecordTable, type TableColumn } from '@olympiad/shared/ui/table/record-table';
import { difficultyQuery, type QuestionsByDifficulty } from '../api/reports';

const percent = (value: number | null | undefined) => (value == null ? '—' : `${Math.round(value * 100)}%`);
const index = (value: number | null | undefined) => (value == null ? '—' : value.toFixed(2));

const columns: TableColumn<QuestionsByDifficulty['questions'][number]>[] = [
  { header: 'Question', cell: (q) => q.number },
  { header: 'Kind', cell: (q) => q.kind },
  { header: 'Marks', cell: (q) => q.marks },
  { header: 'Set difficulty', cell: (q) => q.setDifficulty },
  { header: 'Answered', cell: (q) => q.answered },
  { header: 'Facility', cell: (q) => percent(q.facility) },
  {
    header: 'Discrimination',
    cell: (q) => (
      <>
        {index(q.discrimination)}{' '}
        {q.discrimination != null && q.discrimination < 0.1 && (
          <Badge color="orange" variant="light">
            check the key
          </Badge>
        )}
      </>
    ),
  },
];

export function QuestionsByDifficultyReport({ olympiadId }: { olympiadId: number }) {
  const report = useQuery(difficultyQuery(olympiadId));
  if (report.isPending) return <Loader role="status" aria-label="Loading the questions by difficulty" />;
  if (report.isError) return <Alert color="red" title="Could not load the questions by difficulty">{report.error.message}</Alert>;
  const { scripts, questions } = report.data;
  return (
    <Stack>
      <Title order={2}>Questions by difficulty</Title>
      <Text c="dimmed" size="sm">
        From {scripts} finished script{scripts === 1 ? '' : 's'}. Facility is the share of a question&apos;s marks that learners earned; discrimination is the
        facility among the strongest 27% less that among the weakest 27%.
      </Text>
      {questions.length === 0 ? (
        <Text c="dimmed">The paper has no questions yet.</Text>
      ) : (
        <Paper withBorder radius="md" p="sm">
          <Table.ScrollContainer minWidth={600}>
            <RecordTable label="Questions by difficulty" striped rows={questions} rowKey={(q) => q.questionId} columns={columns} />
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}
