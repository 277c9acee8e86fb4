// The site a page belongs to: the project of /:projectName/…, or the product's own.
import { useParams } from 'react-router-dom';
import { productSlug } from '@olympiad/shared/access/product';
import { findProject, useProjects, type Project } from '@olympiad/shared/features/projects/api/get-projects';

export type Site = { slug: string; name: string; project: Project | undefined; loading: boolean; missing: boolean };

export function useSite(kind: 'product' | 'project'): Site {
  const { projectName } = useParams();
  const projects = useProjects();
  if (kind === 'product') return { slug: productSlug(), name: 'Olympiads', project: undefined, loading: false, missing: false };
  const project = findProject(projects.data, projectName);
  return {
    slug: project?.slug ?? projectName ?? '',
    name: project?.name ?? '',
    project,
    loading: projects.isPending,
    missing: projects.isSuccess && project === undefined,
  };
}
