// Testimonials: GET /api/testimonial (every site's) and GET /api/testimonial/site?site= (one site's).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '../../../api/client';
import { unwrap } from '../../../api/envelope';

export async function getTestimonials() {
  return unwrap(await call(api.GET('/api/testimonial')));
}

export async function getSiteTestimonials(site: string) {
  return unwrap(await call(api.GET('/api/testimonial/site', { params: { query: { site } } })));
}

export type Testimonial = Awaited<ReturnType<typeof getTestimonials>>[number];

export const testimonialKeys = {
  all: ['testimonials'] as const,
  every: () => [...testimonialKeys.all, 'every'] as const,
  site: (site: string) => [...testimonialKeys.all, 'site', site] as const,
};

export function testimonialsQuery() {
  return queryOptions({ queryKey: testimonialKeys.every(), queryFn: getTestimonials });
}

export function useSiteTestimonials(site: string) {
  return useQuery({ queryKey: testimonialKeys.site(site), queryFn: () => getSiteTestimonials(site) });
}
