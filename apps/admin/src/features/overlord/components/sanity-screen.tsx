// /overlord/sanity-logs: the consistency checks the worker runs every few hours (and the overlord on
// demand): each check with how many records it found, and the records themselves, for the newest run or
// an earlier one.
import { useMemo, useState } from 'react';
import { Badge, Button, Group, Paper, Select, SimpleGrid, Text } from '@mantine/core';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCan } from '@olympiad/shared/access/can';
import { alertError } from '@olympiad/shared/feedback/notifications';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { GridColumn } from '@olympiad/shared/ui/data-grid/grid-types';
import { GridScreen } from '@olympiad/shared/resource/grid-screen';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { sanityQuery, useRunSanityChecks, type SanityFinding } from '../api/sanity';

const columns: GridColumn<SanityFinding>[] = [
  { id: 'checkName', header: 'Check', value: (f) => f.checkName },
  { id: 'olympiadId', header: 'Olympiad', value: (f) => f.olympiadId ?? '', width: 90 },
  { id: 'subject', header: 'Record', value: (f) => f.subject },
  { id: 'detail', header: 'What is wrong', value: (f) => f.detail },
];

export function SanityScreen({ route }: ScreenComponentProps) {
  const can = useCan();
  const queryClient = useQueryClient();
  const [runId, setRunId] = useState<string | null>(null);
  const chosen = runId ? Number(runId) : undefined;
  const report = useQuery(sanityQuery(chosen));
  const rows = useMemo(
    () => queryOptions({ queryKey: [...sanityQuery(chosen).queryKey, 'rows'] as const, queryFn: async () => (await queryClient.fetchQuery(sanityQuery(chosen))).findings }),
    [chosen, queryClient],
  );
  const grid = useWholeListGrid(rows, columns);
  const runNow = useRunSanityChecks();
  const data = report.data;
  return (
    <GridScreen title={route.title} description="Consistency checks over the whole platform, run every six hours and on demand, with what they found.">
      <Group align="flex-end">
        <Select
          label="Run"
          placeholder="the newest"
          data={(data?.runs ?? []).map((r) => ({ value: String(r.id), label: `${formatDateTime(parseServerTime(r.startedAt))}: ${r.findings} finding(s)${r.startedBy == null ? '' : ' (by hand)'}` }))}
          value={runId}
          onChange={setRunId}
          clearable
          w={340}
        />
        {can('POST /api/sanity-log/run') && (
          <Button
            loading={runNow.isPending}
            onClick={async () => {
              const result = await runNow.mutateAsync();
              if (!result.ok) alertError(result.message);
              else setRunId(null);
            }}
          >
            Run the checks now
          </Button>
        )}
      </Group>
      {data && !data.run && <Text c="dimmed">The checks have not run yet.</Text>}
      {data?.run && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {data.checks.map((c) => (
            <Paper key={c.check} withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm">{c.description}</Text>
                <Badge color={c.findings > 0 ? 'orange' : 'green'} variant="light">
                  {c.findings}
                </Badge>
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <DataGrid<SanityFinding> label="Findings" {...grid} columns={columns} getRowId={(f) => String(f.id)} exportName="sanity-findings" searchPlaceholder="Search the findings" />
    </GridScreen>
  );
}
