// The public interest form: POST /api/teacher/expression (a teacher) or POST /api/interest (anyone else);
// then the address is confirmed by the e-mailed link, POST /api/website/verify-email/{id}.
import { api, call } from '@olympiad/shared/api/client';
import { limits } from '@olympiad/shared/lib/field-limits';
import type { Rules } from '../../site/use-form';

export type InterestValues = {
  type: 'teacher' | 'other';
  title: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  schoolName: string;
  emisNumber: string;
  province: string;
  town: string;
  subject: string;
  organisation: string;
  relationship: string;
  message: string;
  /** People never see this field; a robot that fills it is answered and ignored (the server's honeypot). */
  website: string;
};

const form = limits.InterestForm;
const teacherOnly = (message: string) => (value: string, values: InterestValues) => (values.type === 'teacher' && value === '' ? message : null);

export const interestRules: Rules<InterestValues> = {
  title: { max: form.title.maxLength },
  firstName: { required: true, max: form.firstName.maxLength },
  lastName: { required: true, max: form.lastName.maxLength },
  email: { required: true, email: true, max: form.email.maxLength },
  phone: { max: form.phone.maxLength },
  schoolName: { max: form.schoolName.maxLength, check: teacherOnly('is required') },
  emisNumber: { check: (value) => (value === '' || new RegExp(form.emisNumber.pattern).test(value.replace(/\s/g, '')) ? null : 'must have 5 to 12 digits') },
  province: { check: teacherOnly('is required') },
  town: { max: form.town.maxLength },
  subject: { max: form.subject.maxLength },
  organisation: { max: form.organisation.maxLength },
  relationship: { max: form.relationship.maxLength },
  message: { max: form.message.maxLength },
};

export function expressInterest(projectName: string, values: InterestValues) {
  const { type, ...rest } = values;
  const body = { ...(Object.fromEntries(Object.entries(rest).map(([name, value]) => [name, value.trim()])) as Omit<InterestValues, 'type'>), projectName };
  return type === 'teacher' ? call(api.POST('/api/teacher/expression', { body })) : call(api.POST('/api/interest', { body }));
}

export function verifyEmail(token: string) {
  return call(api.POST('/api/website/verify-email/{id}', { params: { path: { id: token } } }));
}
