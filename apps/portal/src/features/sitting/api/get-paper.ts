// GET /api/sitting/paper: the questions in the learner's order and language, with what they have
// answered. Fetched once per visit to the questions; answers then live on the device until saved.
// Without a network, the copy kept on the device answers instead.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import type { components } from '@olympiad/shared/api/schema';
import { attemptHeaders } from '../attempt-key';
import { deviceCopy } from '../offline-copy';
import { sittingKeys } from './get-sitting';

async function fetchPaper() {
  return call(api.GET('/api/sitting/paper', { headers: attemptHeaders() }));
}

export type LearnerPaper = Extract<Awaited<ReturnType<typeof fetchPaper>>, { ok: true }>['data'];

/** The paper opened in the lobby at the start, taken once instead of asking the server. */
let handed: LearnerPaper | null = null;

export function handPaper(paper: LearnerPaper): void {
  handed = paper;
}

export async function getPaper(): Promise<LearnerPaper> {
  if (handed) {
    const paper = handed;
    handed = null;
    deviceCopy().keepPaper(paper);
    return paper;
  }
  const result = await fetchPaper();
  const copy = deviceCopy();
  if (!result.ok && result.status === 0) return copy.paper() ?? unwrap(result);
  const paper = unwrap(result);
  copy.keepPaper(paper);
  return paper;
}

export type LearnerQuestion = components['schemas']['LearnerQuestion'];

export function usePaper() {
  return useQuery(queryOptions({ queryKey: sittingKeys.paper(), queryFn: getPaper, staleTime: Infinity, gcTime: 0 }));
}
