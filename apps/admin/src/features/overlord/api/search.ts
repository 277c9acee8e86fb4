// GET /api/search?q: schools, teachers, learners and e-mails that hold the text.
import { queryOptions } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';

async function search(q: string) {
  return unwrap(await call(api.GET('/api/search', { params: { query: { q } } })));
}

export type SearchResults = Awaited<ReturnType<typeof search>>;

export const searchQuery = (q: string) => queryOptions({ queryKey: ['search', q] as const, queryFn: () => search(q), enabled: q.trim().length >= 2 });
