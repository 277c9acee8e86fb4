// /overlord/tasks: the job table — how many jobs are queued, running, done and failed, the newest jobs
// with their attempts and last error, and a failed one sent round again.
import { Badge, Group, Stack } from '@mantine/core';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime, parseServerTime } from '@olympiad/shared/lib/server-time';
import { DataGrid } from '@olympiad/shared/ui/data-grid/data-grid';
import type { GridColumn, RowAction } from '@olympiad/shared/ui/data-grid/grid-types';
import { changeAction } from '@olympiad/shared/resource/row-actions';
import { GridScreen } from '@olympiad/shared/resource/grid-screen';
import { useWholeListGrid } from '@olympiad/shared/resource/whole-list-grid';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { taskKeys, tasksQuery, useRetryTask, type Task } from '../api/tasks';

const statuses = ['queued', 'running', 'done', 'failed'].map((s) => ({ value: s, label: s }));
const tone: Record<string, string> = { queued: 'blue', running: 'grape', done: 'green', failed: 'red' };

const columns: GridColumn<Task>[] = [
  { id: 'id', header: 'Task', value: (t) => t.id, width: 80 },
  { id: 'kind', header: 'Kind', value: (t) => t.kind, width: 90 },
  { id: 'summary', header: 'What', value: (t) => t.summary },
  {
    id: 'status',
    header: 'Status',
    value: (t) => t.status,
    cell: (t) => (
      <Badge color={tone[t.status]} variant="light">
        {t.status}
      </Badge>
    ),
    filter: { type: 'select', options: statuses },
    width: 110,
  },
  { id: 'attempts', header: 'Attempts', value: (t) => t.attempts, width: 90 },
  { id: 'runAt', header: 'Due', value: (t) => t.runAt, cell: (t) => formatDateTime(parseServerTime(t.runAt)) },
  { id: 'lastError', header: 'Last error', value: (t) => t.lastError ?? '' },
  { id: 'createdAt', header: 'Queued', value: (t) => t.createdAt, cell: (t) => formatDateTime(parseServerTime(t.createdAt)) },
];

export function TasksScreen({ route }: ScreenComponentProps) {
  const queryClient = useQueryClient();
  const list = useQuery(tasksQuery());
  const rows = queryOptions({ queryKey: [...taskKeys.all, 'rows'] as const, queryFn: async () => (await queryClient.fetchQuery(tasksQuery())).tasks });
  const grid = useWholeListGrid(rows, columns);
  const retry = useRetryTask();
  const rowActions: RowAction<Task>[] = [
    changeAction<Task>({
      label: 'Retry',
      operation: 'POST /api/task/{id}/retry',
      hidden: (t) => t.status !== 'failed',
      confirm: (t) => ({ title: 'Retry this task?', message: `Task ${t.id} (${t.summary}) is queued again, due now, with its attempts counted afresh. A reset or invitation e-mail goes without its link, which was removed when it failed: send a new one instead.`, confirmLabel: 'Retry it' }),
      change: (t) => retry.mutateAsync(t.id),
    }),
  ];
  const counts = list.data?.counts ?? {};
  return (
    <GridScreen title={route.title} description="The job table: background work (e-mails) queued, running, done and failed, newest first.">
      <Stack>
        <Group aria-label="Tasks per status">
          {statuses.map((s) => (
            <Badge key={s.value} size="lg" color={tone[s.value]} variant="light">
              {s.label}: {counts[s.value] ?? 0}
            </Badge>
          ))}
        </Group>
        <DataGrid<Task> label="Tasks" {...grid} columns={columns} getRowId={(t) => String(t.id)} exportName="tasks" rowActions={rowActions} initialSort={[{ id: 'id', desc: true }]} searchPlaceholder="Search by recipient, kind or error" />
      </Stack>
    </GridScreen>
  );
}
