// The public interest form: POST /api/teacher/expression (a teacher) or POST /api/interest (anyone else);
// then the address is confirmed by the e-mailed link, POST /api/website/verify-email/{id}.
import { z } from 'zod';
import { api, call } from '@olympiad/shared/api/client';

export const interestSchema = z
  .object({
    type: z.enum(['teacher', 'other']),
    title: z.string().trim().max(20, 'must be at most 20 characters'),
    firstName: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
    lastName: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
    email: z.string().trim().min(1, 'is required').email('must be an e-mail address'),
    phone: z.string().trim().max(40, 'must be at most 40 characters'),
    schoolName: z.string().trim().max(200, 'must be at most 200 characters'),
    emisNumber: z.string().trim().refine((v) => v === '' || /^\d{5,12}$/.test(v.replace(/\s/g, '')), 'must have 5 to 12 digits'),
    province: z.string().nullable(),
    town: z.string().trim().max(100, 'must be at most 100 characters'),
    subject: z.string().trim().max(100, 'must be at most 100 characters'),
    organisation: z.string().trim().max(200, 'must be at most 200 characters'),
    relationship: z.string().trim().max(100, 'must be at most 100 characters'),
    message: z.string().trim().max(2000, 'must be at most 2000 characters'),
  })
  .refine((f) => f.type !== 'teacher' || f.schoolName !== '', { path: ['schoolName'], message: 'is required' })
  .refine((f) => f.type !== 'teacher' || f.province, { path: ['province'], message: 'is required' });

export type InterestValues = z.input<typeof interestSchema>;

export function expressInterest(projectName: string, values: z.output<typeof interestSchema>) {
  const { type, ...form } = values;
  const body = { ...form, province: form.province ?? '', projectName };
  return type === 'teacher' ? call(api.POST('/api/teacher/expression', { body })) : call(api.POST('/api/interest', { body }));
}

export function verifyEmail(token: string) {
  return call(api.POST('/api/website/verify-email/{id}', { params: { path: { id: token } } }));
}
