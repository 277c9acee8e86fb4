// The sites a FAQ or a testimonial may belong to: the product's, each project's, and (FAQs) the portal.
import { useQuery } from '@tanstack/react-query';
import { productSlug } from '@olympiad/shared/access/product';
import { projectsQuery } from '@olympiad/shared/features/projects/api/get-projects';

export function useSiteOptions(withPortal: boolean): { value: string; label: string }[] {
  const projects = useQuery(projectsQuery());
  return [
    { value: productSlug(), label: 'Product suite site' },
    ...(projects.data ?? []).map((p) => ({ value: p.slug, label: p.name })),
    ...(withPortal ? [{ value: 'portal', label: 'Teacher portal' }] : []),
  ];
}
