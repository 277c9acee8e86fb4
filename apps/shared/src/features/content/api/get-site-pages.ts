// A public site's pages, each with its copy and tags: GET /api/website/copy/{id} (the product's slug,
// or a project's). The server writes the same copy into the HTML it sends, so this only takes over.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '../../../api/client';
import { unwrap } from '../../../api/envelope';

export async function getSitePages(site: string) {
  return unwrap(await call(api.GET('/api/website/copy/{id}', { params: { path: { id: site } } })));
}

export type SitePageCopy = Awaited<ReturnType<typeof getSitePages>>[number];

export const sitePageKeys = {
  all: ['site-pages'] as const,
  site: (site: string) => [...sitePageKeys.all, site] as const,
};

export function sitePagesQuery(site: string) {
  // Edits show at the next visit: a page's copy is read again when the page opens.
  return queryOptions({ queryKey: sitePageKeys.site(site), queryFn: () => getSitePages(site), staleTime: 60_000 });
}

export function useSitePage(site: string | undefined, pageKey: string) {
  const query = useQuery({ ...sitePagesQuery(site ?? ''), enabled: site !== undefined && site !== '' });
  return { ...query, page: query.data?.find((page) => page.pageKey === pageKey) };
}
