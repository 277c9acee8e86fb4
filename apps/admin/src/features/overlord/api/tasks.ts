// GET /api/task?status&limit: the job table (counts per status and the newest jobs); POST
// /api/task/{id}/retry: a failed job sent round again.
import { queryOptions } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';

async function getTasks() {
  return unwrap(await call(api.GET('/api/task', { params: { query: { limit: 2000 } } })));
}

export type TaskList = Awaited<ReturnType<typeof getTasks>>;
export type Task = TaskList['tasks'][number];

export const taskKeys = { all: ['tasks'] as const };

export const tasksQuery = () => queryOptions({ queryKey: taskKeys.all, queryFn: getTasks, refetchInterval: 15_000 });

export function useRetryTask() {
  return useApiMutation({
    mutationFn: (id: number) => call(api.POST('/api/task/{id}/retry', { params: { path: { id } } })),
    success: (task) => `Task ${task.id} is queued again.`,
    invalidates: () => [taskKeys.all],
  });
}
