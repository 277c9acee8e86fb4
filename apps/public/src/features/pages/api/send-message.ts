// The contact forms and the MyTutor form: POST /api/website/other-interest. The form carries a field
// people never see (`website`); robots fill it, and the server then keeps nothing (with the rate limit,
// spam protection without a third-party service).
import { api, call } from '@olympiad/shared/api/client';
import { limits } from '@olympiad/shared/lib/field-limits';
import type { Rules } from '../../site/use-form';

export type MessageValues = {
  projectName: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
  website: string;
};

const form = limits.InterestForm;

export const messageRules: Rules<MessageValues> = {
  projectName: { required: true },
  firstName: { required: true, max: form.firstName.maxLength },
  lastName: { required: true, max: form.lastName.maxLength },
  email: { required: true, email: true, max: form.email.maxLength },
  phone: { max: form.phone.maxLength },
  message: { max: form.message.maxLength },
};

/** Who is writing: someone with a question (contact) or a learner for MyTutor. */
export type MessageKind = 'contact' | 'mytutor';

export function sendMessage(values: MessageValues, kind: MessageKind) {
  const trimmed = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.trim()])) as MessageValues;
  const body = {
    ...trimmed,
    relationship: kind === 'mytutor' ? 'Learner' : 'Contact',
    organisation: kind === 'mytutor' ? 'MyTutor' : '',
  };
  return call(api.POST('/api/website/other-interest', { body }));
}
