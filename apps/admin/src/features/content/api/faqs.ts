// FAQs and testimonials (overlord): POST, PUT {id} and DELETE {id} of /api/faq and /api/testimonial;
// the lists are the public ones (features/content of shared).
import { z } from 'zod';
import { api, call } from '@olympiad/shared/api/client';
import { faqKeys } from '@olympiad/shared/features/content/api/get-faqs';
import { testimonialKeys } from '@olympiad/shared/features/content/api/get-testimonials';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { limits } from '@olympiad/shared/lib/field-limits';
import { text } from '@olympiad/shared/lib/limited-text';
import { emptyValues, fieldSchemas, type DeclaredFields } from '@olympiad/shared/resource/declared-fields';

/** The fields of a question shown in the list, each with its rule and its control; the answer is rich text. */
export const faqFields = {
  site: { label: 'Site', input: 'select', required: true, schema: z.string().min(1, 'is required') },
  position: {
    label: 'Order',
    input: 'number',
    description: 'Smaller numbers come first',
    empty: 0,
    schema: z.number().int().min(limits.FaqInput.position.minimum).max(limits.FaqInput.position.maximum),
  },
  question: { label: 'Question', required: true, schema: text(limits.FaqInput.question).min(1, 'is required') },
} satisfies DeclaredFields;

export const faqSchema = z.object({ ...fieldSchemas(faqFields), answer: z.string() });
export type FaqValues = z.input<typeof faqSchema>;
export const emptyFaq: FaqValues = { ...emptyValues(faqFields), answer: '' };

/** A testimonial's fields: each one's rule, control in the editor and column in the list. */
export const testimonialFields = {
  site: { label: 'Site', input: 'select', required: true, schema: z.string().min(1, 'is required') },
  quote: { label: 'Quote', input: 'textarea', minRows: 3, required: true, schema: text(limits.TestimonialInput.quote).min(1, 'is required'), column: { sortable: false } },
  author: { label: 'Author', required: true, schema: text(limits.TestimonialInput.author).min(1, 'is required') },
  affiliation: { label: 'School or organisation', schema: text(limits.TestimonialInput.affiliation) },
  position: {
    label: 'Order',
    input: 'number',
    description: 'Smaller numbers come first',
    empty: 0,
    schema: z.number().int().min(limits.TestimonialInput.position.minimum).max(limits.TestimonialInput.position.maximum),
  },
} satisfies DeclaredFields;

export const testimonialSchema = z.object(fieldSchemas(testimonialFields));
export type TestimonialValues = z.input<typeof testimonialSchema>;
export const emptyTestimonial: TestimonialValues = emptyValues(testimonialFields);

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
