// /:projectName/top-results: the best learners of each grade and the best schools of the project's
// newest released olympiad, from its final results.
import { useParams } from 'react-router-dom';
import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useTopResults } from '../api/get-public-results';
import { LearnersByGrade, TopSchoolsTable } from './results-tables';

export function TopResultsScreen({ route }: ScreenComponentProps) {
  const { projectName = '' } = useParams();
  const results = useTopResults(projectName);
  return (
    <Stack gap="xl" maw={960}>
      <Title order={1}>{route.title}</Title>
      {results.isPending ? (
        <Skeleton height={240} radius="md" role="status" aria-label="Loading" />
      ) : results.isError ? (
        <Alert color="red">{results.error.message}</Alert>
      ) : results.data === null || results.data === undefined ? (
        <Text c="dimmed">The results of this year's olympiad are not released yet.</Text>
      ) : (
        <>
          <Text size="lg">
            {results.data.olympiad} ({results.data.year}): the ten best learners of each grade, and the ten best schools.
          </Text>
          <LearnersByGrade results={results.data} headingLevel={2} />
          <Title order={2} size="h4">
            Top schools
          </Title>
          <Text size="sm" c="dimmed">
            Ranked by the mean of each school's best five scores.
          </Text>
          <TopSchoolsTable results={results.data} />
        </>
      )}
    </Stack>
  );
}
