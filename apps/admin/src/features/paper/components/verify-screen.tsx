// /:olympiadName/admin/reports/verify-questions: is the paper ready to open? Every problem Verify finds,
// errors first, each linking to its question (or module).
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { AppLink } from '@olympiad/shared/router/app-link';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import { pageRows, selectRows } from '@olympiad/shared/ui/data-grid/local-paging';
import type { GridColumn } from '@olympiad/shared/ui/data-grid/grid-types';
import { questionPlaces, usePaper } from '../api/get-paper';
import { paperKeys, type Problem } from '../api/paper-types';
import { useVerification, useVerifyAgain, verificationQuery } from '../api/verify-paper';
import { useOlympiadId } from '../../olympiad/use-olympiad-id';

type PlacedProblem = Problem & { where: string; href: string | null };

export function problemHref(olympiadName: string, problem: Problem): string | null {
  if (problem.questionId != null && problem.moduleId != null) {
    return `/${olympiadName}/admin/edit/questions?module=${problem.moduleId}&question=${problem.questionId}`;
  }
  if (problem.moduleId != null) return `/${olympiadName}/admin/edit/questions?module=${problem.moduleId}`;
  return null;
}

const columns: GridColumn<PlacedProblem>[] = [
  {
    id: 'severity',
    header: 'Severity',
    value: (problem) => (problem.severity === 'error' ? 'Error' : 'Warning'),
    cell: (problem) => (
      <Badge color={problem.severity === 'error' ? 'red' : 'yellow'} variant="light">
        {problem.severity === 'error' ? 'Error' : 'Warning'}
      </Badge>
    ),
    filter: { type: 'select', options: [{ value: 'Error', label: 'Error' }, { value: 'Warning', label: 'Warning' }] },
    width: 120,
  },
  { id: 'message', header: 'Problem', value: (problem) => problem.message, filter: { type: 'text' } },
  {
    id: 'where',
    header: 'Where',
    value: (problem) => problem.where,
    cell: (problem) =>
      problem.href ? (
        <Anchor component={AppLink} to={problem.href} size="sm">
          {problem.where}
        </Anchor>
      ) : (
        <Text size="sm">{problem.where}</Text>
      ),
  },
];

export function VerifyScreen({ route }: ScreenComponentProps) {
  const { olympiadName = '' } = useParams();
  const olympiadId = useOlympiadId();
  const queryClient = useQueryClient();
  const verification = useVerification(olympiadId);
  const paper = usePaper(olympiadId);

  const placed = async (): Promise<PlacedProblem[]> => {
    if (olympiadId === null) return [];
    const result = await queryClient.fetchQuery(verificationQuery(olympiadId));
    const places = questionPlaces(paper.data);
    const modules = new Map((paper.data ?? []).map(({ module }) => [module.id, module.title.en ?? Object.values(module.title)[0] ?? '']));
    return result.problems.map((problem) => ({
      ...problem,
      where:
        (problem.questionId != null ? places.get(problem.questionId)?.label : undefined) ??
        (problem.moduleId != null ? (modules.get(problem.moduleId) ?? 'A module') : 'The olympiad'),
      href: problemHref(olympiadName, problem),
    }));
  };

  const rerun = useVerifyAgain(olympiadId);
  const data = verification.data;
  const errors = data?.problems.filter((p) => p.severity === 'error').length ?? 0;
  const warnings = (data?.problems.length ?? 0) - errors;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{route.title}</Title>
          <Text c="dimmed">Whether the paper is ready: an olympiad with errors cannot be opened; warnings are worth a look.</Text>
        </div>
        <Button onClick={() => void rerun()} loading={verification.isFetching}>
          Run verify again
        </Button>
      </Group>
      {verification.isError && <Alert color="red">{verification.error.message}</Alert>}
      {!data ? (
        verification.isPending && <Loader role="status" aria-label="Verifying the paper" />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Paper withBorder p="md" role="status" aria-label="Verdict">
              <Text size="sm" c="dimmed">
                Verdict
              </Text>
              <Text fw={700} size="lg" c={data.ready ? 'green' : 'red'}>
                {data.ready ? 'Ready to open' : 'Not ready'}
              </Text>
            </Paper>
            <Figure label="Questions" value={data.questionCount} />
            <Figure label="Total marks" value={data.totalMarks} />
            <Figure label="Errors / warnings" value={`${errors} / ${warnings}`} />
          </SimpleGrid>
          {data.problems.length === 0 ? (
            <Alert color="green" title="No problems found">
              Every question has its text in each language, a correct answer and its marks.
            </Alert>
          ) : (
            <DataGrid<PlacedProblem>
              key={paper.dataUpdatedAt}
              label="Problems"
              queryKey={[...paperKeys.verification(olympiadId ?? 0), 'problems']}
              columns={columns}
              fetchRows={async (params) => pageRows(await placed(), params, columns)}
              fetchAll={async (selection) => selectRows(await placed(), selection, columns)}
              getRowId={(problem) => `${problem.code}-${problem.questionId ?? ''}-${problem.moduleId ?? ''}-${problem.message}`}
              exportName="verify-questions"
              searchPlaceholder="Search the problems"
            />
          )}
        </>
      )}
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Paper>
  );
}
