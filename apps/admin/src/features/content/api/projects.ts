// The product's projects and sub-projects (overlord): GET, POST and PUT {id} of /api/{product}-project,
// GET, POST and PUT {id} of /api/{product}-sub-project.
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { productSlug } from '@olympiad/shared/access/product';
import { projectKeys } from '@olympiad/shared/features/projects/api/get-projects';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { limits } from '@olympiad/shared/lib/field-limits';
import { text } from '@olympiad/shared/lib/limited-text';
import { emptyValues, fieldSchemas, type DeclaredFields } from '@olympiad/shared/resource/declared-fields';


const product = () => ({ product: productSlug() });

export const productProjectKeys = {
  all: ['product-projects'] as const,
  projects: () => [...productProjectKeys.all, 'projects'] as const,
  subProjects: () => [...productProjectKeys.all, 'sub-projects'] as const,
};

async function getProductProjects() {
  return unwrap(await call(api.GET('/api/{product}-project', { params: { path: product() } })));
}

async function getSubProjects() {
  return unwrap(await call(api.GET('/api/{product}-sub-project', { params: { path: product(), query: {} } })));
}

export type ProductProject = Awaited<ReturnType<typeof getProductProjects>>[number];
export type SubProject = Awaited<ReturnType<typeof getSubProjects>>[number];

export function productProjectsQuery() {
  return queryOptions({ queryKey: productProjectKeys.projects(), queryFn: getProductProjects });
}

export function subProjectsQuery() {
  return queryOptions({ queryKey: productProjectKeys.subProjects(), queryFn: getSubProjects });
}

const newProject = limits.NewProject;

/** A project as the overlord types it: its slug and kind are chosen once, when it is made. */
export const projectSchema = z.object({
  slug: text(newProject.slug)
    .min(newProject.slug.minLength, `must be at least ${newProject.slug.minLength} characters`)
    .regex(new RegExp(newProject.slug.pattern), 'must be lower-case words joined by hyphens'),
  kind: z.enum(['schools', 'countries']),
  name: text(limits.ProjectInput.name).min(1, 'is required'),
  description: text(limits.ProjectInput.description),
});

/** A sub project's own fields, each with its rule, control and column; its project is chosen from a list. */
export const subProjectFields = {
  name: { label: 'Name', required: true, schema: text(limits.SubProjectInput.name).min(1, 'is required') },
  slug: {
    label: 'Slug',
    description: 'Lower-case words joined by hyphens',
    required: true,
    schema: text(limits.SubProjectInput.slug).regex(new RegExp(limits.SubProjectInput.slug.pattern), 'must be lower-case words joined by hyphens'),
  },
} satisfies DeclaredFields;

export const subProjectSchema = z.object({ projectId: z.string().min(1, 'is required'), ...fieldSchemas(subProjectFields) });
export const emptySubProject: z.input<typeof subProjectSchema> = { projectId: '', ...emptyValues(subProjectFields) };

export function useSaveProject() {
  return useApiMutation({
    mutationFn: ({ id, values: { slug, kind, ...values } }: { id: number | null; values: z.output<typeof projectSchema> }) =>
      id === null
        ? call(api.POST('/api/{product}-project', { params: { path: product() }, body: { ...values, slug, kind } }))
        : call(api.PUT('/api/{product}-project/{id}', { params: { path: { ...product(), id } }, body: values })),
    success: (project, { id }) => (id === null ? `${project.name} is made; its site is at /${project.slug}.` : 'The project is saved.'),
    invalidates: () => [productProjectKeys.all, projectKeys.all],
  });
}

export function useSaveSubProject() {
  return useApiMutation({
    mutationFn: ({ id, values }: { id: number | null; values: z.output<typeof subProjectSchema> }) => {
      const body = { ...values, projectId: Number(values.projectId) };
      return id === null
        ? call(api.POST('/api/{product}-sub-project', { params: { path: product() }, body }))
        : call(api.PUT('/api/{product}-sub-project/{id}', { params: { path: { ...product(), id } }, body }));
    },
    success: 'The sub-project is saved.',
    invalidates: () => [productProjectKeys.all],
  });
}
