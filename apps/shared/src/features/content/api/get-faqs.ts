// A site's questions and answers: GET /api/faq?site= (the product's slug, a project's, or `portal`).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '../../../api/client';
import { unwrap } from '../../../api/envelope';

export async function getFaqs(site?: string) {
  return unwrap(await call(api.GET('/api/faq', { params: { query: site === undefined ? {} : { site } } })));
}

export type Faq = Awaited<ReturnType<typeof getFaqs>>[number];

export const faqKeys = {
  all: ['faqs'] as const,
  site: (site: string | undefined) => [...faqKeys.all, site ?? 'every'] as const,
};

export function faqsQuery(site?: string) {
  return queryOptions({ queryKey: faqKeys.site(site), queryFn: () => getFaqs(site) });
}

export function useFaqs(site: string | undefined) {
  return useQuery({ ...faqsQuery(site), enabled: site !== undefined });
}
