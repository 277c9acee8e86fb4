// /:olympiadName/admin/reports/overview, the admin's home: the sitting live (per school, with pause and
// resume, and each school's learners), when learners started, and the reports: schools and learners,
// entries and starts over time, by province and grade, and the questions by difficulty.
import { Loader, Stack, Text, Title } from '@mantine/core';
import { SittingMonitor } from '@olympiad/shared/features/sitting-monitor/components/sitting-monitor';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useOlympiadId } from '../../olympiad/use-olympiad-id';
import { OlympiadReports } from '../../reports/olympiad-reports';
import { StartTimesReport } from './start-times';

export function OverviewScreen({ route }: ScreenComponentProps) {
  const olympiadId = useOlympiadId();
  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">The sitting as it happens: who has not started, who is writing, who has finished, and who looks stuck.</Text>
      </div>
      {olympiadId === null ? (
        <Loader role="status" aria-label="Loading" />
      ) : (
        <>
          <SittingMonitor olympiadId={olympiadId} />
          <StartTimesReport olympiadId={olympiadId} />
          <OlympiadReports olympiadId={olympiadId} />
        </>
      )}
    </Stack>
  );
}
