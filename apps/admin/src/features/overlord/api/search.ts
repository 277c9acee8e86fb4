// GET /api/search?q: schools, teachers, learners and e-mails that hold the text; GET
// /api/scratchpad/local-teacher-password-reset: a found teacher's reset link.
import { queryOptions } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';

async function search(q: string) {
  return unwrap(await call(api.GET('/api/search', { params: { query: { q } } })));
}

export type SearchResults = Awaited<ReturnType<typeof search>>;

export const searchQuery = (q: string) => queryOptions({ queryKey: ['search', q] as const, queryFn: () => search(q), enabled: q.trim().length >= 2 });

/** A password reset link for a teacher whose school's mail server drops our e-mails, made for the
 * overlord to hand over by phone or chat. A change, not a query: each call makes a new link, and none
 * is kept in the cache. */
export function useTeacherResetLink() {
  return useApiMutation({
    mutationFn: (email: string) => call(api.GET('/api/scratchpad/local-teacher-password-reset', { params: { query: { email } } })),
  });
}
