// The public sites' pages as their editors keep them: GET /api/website-copy/olympiad (an admin's
// project), GET /api/website-copy?site= (the overlord's choice of site), POST /api/site-copy (publish
// one page) and POST /api/website-copy/preview (the text as publishing would keep it).
import { useQuery } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import type { components } from '@olympiad/shared/api/schema';
import { sitePageKeys } from '@olympiad/shared/features/content/api/get-site-pages';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';

export type { SitePageCopy } from '@olympiad/shared/features/content/api/get-site-pages';
export type SitePageInput = components['schemas']['SitePageInput'];

export const editorKeys = {
  all: ['site-pages-editor'] as const,
  olympiad: (olympiadId: number) => [...editorKeys.all, 'olympiad', olympiadId] as const,
  site: (site: string) => [...editorKeys.all, 'site', site] as const,
};

export function useOlympiadPages(olympiadId: number | undefined) {
  return useQuery({
    queryKey: editorKeys.olympiad(olympiadId ?? 0),
    queryFn: async () => unwrap(await call(api.GET('/api/website-copy/olympiad', { params: { query: { olympiadId: olympiadId ?? 0 } } }))),
    enabled: olympiadId !== undefined,
  });
}

export function useSitePagesToEdit(site: string | null) {
  return useQuery({
    queryKey: editorKeys.site(site ?? ''),
    queryFn: async () => unwrap(await call(api.GET('/api/website-copy', { params: { query: { site: site ?? '' } } }))),
    enabled: site !== null,
  });
}

export function useSaveSitePage() {
  return useApiMutation({
    mutationFn: (body: SitePageInput) => call(api.POST('/api/site-copy', { body })),
    success: 'The page is published.',
    invalidates: () => [editorKeys.all, sitePageKeys.all],
  });
}

/** The text as publishing would keep it: through the server's one sanitiser. */
export function previewBody(body: string) {
  return call(api.POST('/api/website-copy/preview', { body: { body } }));
}
