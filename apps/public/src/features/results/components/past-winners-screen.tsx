// /:projectName/past-winners: the first three of each grade of every released olympiad of the
// project, newest first, from each one's final results.
import { useParams } from 'react-router-dom';
import { Alert, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { usePastWinners } from '../api/get-public-results';
import { LearnersByGrade } from './results-tables';

export function PastWinnersScreen({ route }: ScreenComponentProps) {
  const { projectName = '' } = useParams();
  const winners = usePastWinners(projectName);
  return (
    <Stack gap="xl" maw={960}>
      <Title order={1}>{route.title}</Title>
      {winners.isPending ? (
        <Skeleton height={240} radius="md" role="status" aria-label="Loading" />
      ) : winners.isError ? (
        <Alert color="red">{winners.error.message}</Alert>
      ) : winners.data.length === 0 ? (
        <Text c="dimmed">No olympiad of this project has released its results yet.</Text>
      ) : (
        winners.data.map((olympiad) => (
          <Card key={`${olympiad.olympiad}-${olympiad.year}`} withBorder radius="md" padding="lg">
            <Title order={2} mb="sm">
              {olympiad.olympiad} ({olympiad.year})
            </Title>
            <LearnersByGrade results={olympiad} headingLevel={3} />
          </Card>
        ))
      )}
    </Stack>
  );
}
