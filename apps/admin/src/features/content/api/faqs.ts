// FAQs and testimonials (overlord): POST, PUT {id} and DELETE {id} of /api/faq and /api/testimonial;
// the lists are the public ones (features/content of shared).
import { z } from 'zod';
import { api, call } from '@olympiad/shared/api/client';
import { faqKeys } from '@olympiad/shared/features/content/api/get-faqs';
import { testimonialKeys } from '@olympiad/shared/features/content/api/get-testimonials';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { limits } from '@olympiad/shared/lib/field-limits';
import { text } from '@olympiad/shared/lib/limited-text';

export const faqSchema = z.object({
  site: z.string().min(1, 'is required'),
  question: text(limits.FaqInput.question).min(1, 'is required'),
  answer: z.string(),
  position: z.number().int().min(limits.FaqInput.position.minimum).max(limits.FaqInput.position.maximum),
});
export type FaqValues = z.input<typeof faqSchema>;

export const testimonialSchema = z.object({
  site: z.string().min(1, 'is required'),
  quote: text(limits.TestimonialInput.quote).min(1, 'is required'),
  author: text(limits.TestimonialInput.author).min(1, 'is required'),
  affiliation: text(limits.TestimonialInput.affiliation),
  position: z.number().int().min(limits.TestimonialInput.position.minimum).max(limits.TestimonialInput.position.maximum),
});
export type TestimonialValues = z.input<typeof testimonialSchema>;

export function useSaveFaq() {
  return useApiMutation({
    mutationFn: ({ id, values }: { id: number | null; values: z.output<typeof faqSchema> }) =>
      id === null ? call(api.POST('/api/faq', { body: values })) : call(api.PUT('/api/faq/{id}', { params: { path: { id } }, body: values })),
    success: 'The question is saved.',
    invalidates: () => [faqKeys.all],
  });
}

export function useDeleteFaq() {
  return useApiMutation({
    mutationFn: (id: number) => call(api.DELETE('/api/faq/{id}', { params: { path: { id } } })),
    invalidates: () => [faqKeys.all],
  });
}

export function useSaveTestimonial() {
  return useApiMutation({
    mutationFn: ({ id, values }: { id: number | null; values: z.output<typeof testimonialSchema> }) =>
      id === null ? call(api.POST('/api/testimonial', { body: values })) : call(api.PUT('/api/testimonial/{id}', { params: { path: { id } }, body: values })),
    success: 'The testimonial is saved.',
    invalidates: () => [testimonialKeys.all],
  });
}

export function useDeleteTestimonial() {
  return useApiMutation({
    mutationFn: (id: number) => call(api.DELETE('/api/testimonial/{id}', { params: { path: { id } } })),
    invalidates: () => [testimonialKeys.all],
  });
}
