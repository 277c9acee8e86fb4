// One olympiad's graph data as charts: schools and learners entered per day, starts per hour, and
// learners by province and by grade.
import { Alert, Loader, SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BarChart, LineChart } from '@olympiad/shared/ui/charts/charts';
import { graphDataQuery } from '../api/reports';

const hour = (at: string) => at.slice(0, 13).replace('T', ' ') + 'h';

export function GraphDataCharts({ olympiadId }: { olympiadId: number }) {
  const graph = useQuery(graphDataQuery(olympiadId));
  if (graph.isPending) return <Loader role="status" aria-label="Loading the graphs" />;
  if (graph.isError) return <Alert color="red" title="Could not load the graphs">{graph.error.message}</Alert>;
  const data = graph.data;
  return (
    <Stack>
      <Title order={2}>Entries and starts</Title>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <LineChart title="Schools entered per day" points={data.entriesPerDay.map((p) => ({ label: p.at, value: p.count }))} />
        <LineChart title="Learners entered per day" points={data.learnersPerDay.map((p) => ({ label: p.at, value: p.count }))} />
        <LineChart title="Learners who started, per hour (UTC)" points={data.startsPerHour.map((p) => ({ label: hour(p.at), value: p.count }))} />
        <BarChart title="Learners by province" points={data.byProvince.map((b) => ({ label: b.label, value: b.learners }))} />
        <BarChart title="Learners by grade" points={data.byGrade.map((b) => ({ label: b.label, value: b.learners }))} />
        <BarChart title="Learners who finished, by grade" points={data.byGrade.map((b) => ({ label: b.label, value: b.finished }))} />
      </SimpleGrid>
    </Stack>
  );
}
