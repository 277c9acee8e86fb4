// GET /api/sanity-log?runId: the consistency checks' latest runs and one run's findings; POST
// /api/sanity-log/run: run them now.
import { queryOptions } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';

async function getSanity(runId: number | undefined) {
  return unwrap(await call(api.GET('/api/sanity-log', { params: { query: { runId } } })));
}

export type SanityReport = Awaited<ReturnType<typeof getSanity>>;
export type SanityFinding = SanityReport['findings'][number];

export const sanityKeys = { all: ['sanity'] as const, run: (runId: number | undefined) => ['sanity', runId ?? 'latest'] as const };

export const sanityQuery = (runId: number | undefined) => queryOptions({ queryKey: sanityKeys.run(runId), queryFn: () => getSanity(runId) });

export function useRunSanityChecks() {
  return useApiMutation({
    mutationFn: () => call(api.POST('/api/sanity-log/run')),
    success: (report) => `The checks ran: ${report.run?.findings ?? 0} finding(s).`,
    invalidates: () => [sanityKeys.all],
  });
}
