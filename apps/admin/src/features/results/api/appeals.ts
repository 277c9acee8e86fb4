// The appeals queue: GET /api/results/appeals (waiting first) and POST /api/results/appeals/{id}/decide
// (upheld with the learner's new marks, or dismissed; a reason either way). Upholding moderates a mark,
// so every results query goes stale.
import { useQuery } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import type { components, operations } from '@olympiad/shared/api/schema';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { resultKeys } from './get-moderation';

export type AppealView = operations['results_appeals']['responses'][200]['content']['application/json']['data'][number];
export type DecideInput = components['schemas']['DecideInput'];

const appealKeys = { queue: (olympiadId: number) => [...resultKeys.all, 'appeals', olympiadId] as const };

export function useAppeals(olympiadId: number) {
  return useQuery({
    queryKey: appealKeys.queue(olympiadId),
    queryFn: async () => unwrap(await call(api.GET('/api/results/appeals', { params: { query: { olympiadId } } }))),
  });
}

export function useDecideAppeal() {
  return useApiMutation({
    mutationFn: ({ id, body }: { id: number; body: DecideInput }) => call(api.POST('/api/results/appeals/{id}/decide', { params: { path: { id } }, body })),
    success: (appeal) => `The appeal is ${appeal.state}.`,
    invalidates: () => [resultKeys.all, ['certificates']],
  });
}
