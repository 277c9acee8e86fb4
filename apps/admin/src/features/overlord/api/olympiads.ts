// GET /api/olympiad/all: every olympiad; POST /api/olympiad: a new one (closed); opening, closing and
// pinning as Settings and Actions does it.
import { queryOptions } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import type { components } from '@olympiad/shared/api/schema';
import { z } from 'zod';
import { limits } from '@olympiad/shared/lib/field-limits';
import { text } from '@olympiad/shared/lib/limited-text';
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

const field = limits.NewOlympiad;

/** A new olympiad as the overlord types it: the project chosen from a list, the year a number. */
export const newOlympiadSchema = z.object({
  projectId: z.string({ error: 'is required' }).min(1, 'is required'),
  name: text(field.name)
    .min(field.name.minLength, `must be at least ${field.name.minLength} characters`)
    .regex(new RegExp(field.name.pattern), 'must be lower-case letters, digits and dashes'),
  title: text(field.title).min(field.title.minLength, `must be at least ${field.title.minLength} characters`),
  year: z.number({ error: 'is required' }).int().min(field.year.minimum).max(field.year.maximum),
});

export type NewOlympiadValues = z.input<typeof newOlympiadSchema>;

export function useCreateOlympiad() {
  return useApiMutation({
    mutationFn: ({ projectId, ...olympiad }: z.output<typeof newOlympiadSchema>) => call(api.POST('/api/olympiad', { body: { ...olympiad, projectId: Number(projectId) } satisfies NewOlympiad })),
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
