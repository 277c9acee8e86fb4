// The contact forms and the MyTutor form: POST /api/website/other-interest. The form carries a field
// people never see (`website`); robots fill it, and the server then keeps nothing (with the rate limit,
// spam protection without a third-party service).
import { z } from 'zod';
import { api, call } from '@olympiad/shared/api/client';
import { atMost, limits } from '@olympiad/shared/lib/field-limits';

export const messageSchema = z.object({
  projectName: z.string().min(1, 'is required'),
  firstName: z.string().trim().min(1, 'is required').max(limits.InterestForm.firstName.maxLength, atMost(limits.InterestForm.firstName.maxLength)),
  lastName: z.string().trim().min(1, 'is required').max(limits.InterestForm.lastName.maxLength, atMost(limits.InterestForm.lastName.maxLength)),
  email: z.string().trim().min(1, 'is required').email('must be an e-mail address'),
  phone: z.string().trim().max(limits.InterestForm.phone.maxLength, atMost(limits.InterestForm.phone.maxLength)),
  message: z.string().trim().max(limits.InterestForm.message.maxLength, atMost(limits.InterestForm.message.maxLength)),
  website: z.string(),
});

export type MessageValues = z.input<typeof messageSchema>;

/** Who is writing: someone with a question (contact) or a learner for MyTutor. */
export type MessageKind = 'contact' | 'mytutor';

export function sendMessage(values: z.output<typeof messageSchema>, kind: MessageKind) {
  const body = {
    ...values,
    relationship: kind === 'mytutor' ? 'Learner' : 'Contact',
    organisation: kind === 'mytutor' ? 'MyTutor' : '',
  };
  return call(api.POST('/api/website/other-interest', { body }));
}
