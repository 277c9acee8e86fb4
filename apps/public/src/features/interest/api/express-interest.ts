// The public interest form: POST /api/teacher/expression (a teacher) or POST /api/interest (anyone else);
// then the address is confirmed by the e-mailed link, POST /api/website/verify-email/{id}.
import { z } from 'zod';
import { api, call } from '@olympiad/shared/api/client';
import { atMost, limits } from '@olympiad/shared/lib/field-limits';

export const interestSchema = z
  .object({
    type: z.enum(['teacher', 'other']),
    title: z.string().trim().max(limits.InterestForm.title.maxLength, atMost(limits.InterestForm.title.maxLength)),
    firstName: z.string().trim().min(1, 'is required').max(limits.InterestForm.firstName.maxLength, atMost(limits.InterestForm.firstName.maxLength)),
    lastName: z.string().trim().min(1, 'is required').max(limits.InterestForm.lastName.maxLength, atMost(limits.InterestForm.lastName.maxLength)),
    email: z.string().trim().min(1, 'is required').email('must be an e-mail address'),
    phone: z.string().trim().max(limits.InterestForm.phone.maxLength, atMost(limits.InterestForm.phone.maxLength)),
    schoolName: z.string().trim().max(limits.InterestForm.schoolName.maxLength, atMost(limits.InterestForm.schoolName.maxLength)),
    emisNumber: z.string().trim().refine((v) => v === '' || /^\d{5,12}$/.test(v.replace(/\s/g, '')), 'must have 5 to 12 digits'),
    province: z.string().nullable(),
    town: z.string().trim().max(limits.InterestForm.town.maxLength, atMost(limits.InterestForm.town.maxLength)),
    subject: z.string().trim().max(limits.InterestForm.subject.maxLength, atMost(limits.InterestForm.subject.maxLength)),
    organisation: z.string().trim().max(limits.InterestForm.organisation.maxLength, atMost(limits.InterestForm.organisation.maxLength)),
    relationship: z.string().trim().max(limits.InterestForm.relationship.maxLength, atMost(limits.InterestForm.relationship.maxLength)),
    message: z.string().trim().max(limits.InterestForm.message.maxLength, atMost(limits.InterestForm.message.maxLength)),
    // People never see this field; a robot that fills it is answered and ignored (the server's honeypot).
    website: z.string(),
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
