// The product's projects and their olympiads (public): the public site's home and each project's branding.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '../../../api/client';
import { unwrap } from '../../../api/envelope';
import { productSlug } from '../../../access/product';

/** GET /api/{product}-suite/projects (showUpcoming defaults to false). */
export async function getProjects(showUpcoming = false) {
  return unwrap(
    await call(api.GET('/api/{product}-suite/projects', { params: { path: { product: productSlug() }, query: { showUpcoming } } })),
  );
}

export type Project = Awaited<ReturnType<typeof getProjects>>[number];
export type ProjectOlympiad = Project['olympiads'][number];

export const projectKeys = {
  all: ['projects'] as const,
  list: (showUpcoming: boolean) => [...projectKeys.all, 'list', { showUpcoming }] as const,
};

export function projectsQuery(showUpcoming = false) {
  return queryOptions({
    queryKey: projectKeys.list(showUpcoming),
    queryFn: () => getProjects(showUpcoming),
    staleTime: 5 * 60_000,
  });
}

export function useProjects(showUpcoming = false) {
  return useQuery(projectsQuery(showUpcoming));
}

export function findProject(projects: Project[] | undefined, slug: string | undefined): Project | undefined {
  return slug === undefined ? undefined : projects?.find((project) => project.slug === slug);
}

/** The project an olympiad (by its name, as in /:olympiadName/...) belongs to. */
export function findOlympiad(
  projects: Project[] | undefined,
  olympiadName: string | undefined,
): { project: Project; olympiad: ProjectOlympiad } | undefined {
  if (olympiadName === undefined || projects === undefined) return undefined;
  for (const project of projects) {
    const olympiad = project.olympiads.find((o) => o.name === olympiadName);
    if (olympiad) return { project, olympiad };
  }
  return undefined;
}
