// The reports of one olympiad, for the screens that show them (the admin's Overview, the overlord's).
import { Stack } from '@mantine/core';
import { GraphDataCharts } from './components/graph-data';
import { QuestionsByDifficultyReport } from './components/questions-by-difficulty';
import { SchoolOverview } from './components/school-overview';

export function OlympiadReports({ olympiadId, withQuestions = true }: { olympiadId: number; withQuestions?: boolean }) {
  return (
    <Stack gap="xl">
      <SchoolOverview olympiadId={olympiadId} />
      <GraphDataCharts olympiadId={olympiadId} />
      {withQuestions && <QuestionsByDifficultyReport olympiadId={olympiadId} />}
    </Stack>
  );
}
