// GET /api/olympiad/all: every olympiad; POST /api/olympiad: a new one (closed); opening, closing and
// pinning as Settings and Actions does it.
import { queryOptions } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import type { components } from '@olympiad/shared/api/schema';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';

async function getOlympiads() {
  return unwrap(await call(api.GET('/api/olympiad/all')));
}

export type OlympiadRow = Awaited<ReturnType<typeof getOlympiads>>[number];
export type NewOlympiad = components['schemas']['NewOlympiad'];

export const olympiadKeys = {
  all: ['overlord-olympiads'] as const,
  list: () => [...olympiadKeys.all, 'list'] as const,
};

export const olympiadsQuery = () => queryOptions({ queryKey: olympiadKeys.list(), queryFn: getOlympiads, staleTime: 60_000 });

export function useCreateOlympiad() {
  return useApiMutation({
    mutationFn: (body: NewOlympiad) => call(api.POST('/api/olympiad', { body })),
    success: (olympiad) => `${olympiad.title} was made. It is closed until its paper is ready.`,
    invalidates: () => [olympiadKeys.all],
  });
}

export function useSetOpen() {
  return useApiMutation({
    mutationFn: ({ id, open }: { id: number; open: boolean }) =>
      call(api.GET('/api/olympiad/set-olympiad-open/{query}', { params: { path: { query: id }, query: { open } } })),
    success: (_, { open }) => (open ? 'The olympiad is open.' : 'The olympiad is closed.'),
    invalidates: () => [olympiadKeys.all],
  });
}

export function useSetPinned() {
  return useApiMutation({
    mutationFn: ({ id, pinned }: { id: number; pinned: boolean }) => call(api.POST('/api/olympiad/set-pinned', { params: { query: { olympiadId: id, pinned } } })),
    success: (_, { pinned }) => (pinned ? 'The olympiad is pinned.' : 'The olympiad is unpinned.'),
    invalidates: () => [olympiadKeys.all],
  });
}
