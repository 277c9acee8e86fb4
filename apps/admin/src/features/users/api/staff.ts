// Taking on staff and looking after them (overlord): POST /api/user makes a user with their first account
// and the password the overlord gives them (no e-mail goes out: they are told it in person and change it
// once signed in); PUT /api/user/{id} changes their name and address; disable, enable and reset-two-factor.
import { z } from 'zod';
import { api, call } from '@olympiad/shared/api/client';
import type { components } from '@olympiad/shared/api/schema';
import { limits } from '@olympiad/shared/lib/field-limits';
import { text } from '@olympiad/shared/lib/limited-text';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { userKeys } from './get-users';

type CreateUser = components['schemas']['CreateUser'];

/** The roles staff are taken on in: learners and teachers get their accounts from their schools. */
export const staffRoles: { value: CreateUser['role']; label: string }[] = [
  { value: 'admin', label: 'admin' },
  { value: 'accountant', label: 'accountant' },
  { value: 'funding', label: 'funding' },
  { value: 'marketing', label: 'marketing' },
  { value: 'overlord', label: 'overlord' },
];

const field = limits.CreateUser;
const email = text(field.email).min(1, 'is required').email('must be an e-mail address');

/** A new staff member: who they are, their first password, and the role and olympiad of their first account. */
export const newStaffSchema = z
  .object({
    firstName: text(field.firstName).min(1, 'is required'),
    lastName: text(field.lastName).min(1, 'is required'),
    email,
    password: z.string().min(8, 'must be at least 8 characters long').refine((p) => p.trim() !== '', 'must not be only spaces'),
    role: z.string({ error: 'is required' }).min(1, 'is required'),
    olympiadId: z.string().nullable(),
  })
  .refine((staff) => staff.role === 'overlord' || Boolean(staff.olympiadId), { path: ['olympiadId'], message: 'is required for this role' });

export type NewStaffValues = z.input<typeof newStaffSchema>;

/** A user's name and contact address, as the overlord changes them. */
export const staffSchema = z.object({
  firstName: text(limits.UpdateUser.firstName),
  lastName: text(limits.UpdateUser.lastName),
  email,
});

export type StaffValues = z.input<typeof staffSchema>;

export function useCreateStaff() {
  return useApiMutation({
    mutationFn: ({ olympiadId, role, ...staff }: z.output<typeof newStaffSchema>) =>
      call(api.POST('/api/user', { body: { ...staff, role: role as CreateUser['role'], olympiadId: role === 'overlord' || !olympiadId ? undefined : Number(olympiadId) } })),
    success: (user) => `${user.firstName} ${user.lastName} can sign in as ${user.email}. Give them their password in person; they set up two-factor at their first sign-in.`,
    invalidates: () => [userKeys.all, ['accounts']],
  });
}

export function useUpdateStaff() {
  return useApiMutation({
    mutationFn: ({ id, values }: { id: number; values: z.output<typeof staffSchema> }) => call(api.PUT('/api/user/{id}', { params: { path: { id } }, body: values })),
    success: 'The user is saved.',
    invalidates: () => [userKeys.all, ['accounts']],
  });
}

export function useSetUserDisabled() {
  return useApiMutation({
    mutationFn: ({ id, disabled }: { id: number; disabled: boolean }) =>
      disabled ? call(api.POST('/api/user/{id}/disable', { params: { path: { id } } })) : call(api.POST('/api/user/{id}/enable', { params: { path: { id } } })),
    success: (_, { disabled }) => (disabled ? 'The user is disabled and signed out everywhere.' : 'The user is enabled.'),
    invalidates: () => [userKeys.all, ['accounts']],
  });
}

export function useResetTwoFactor() {
  return useApiMutation({
    mutationFn: (id: number) => call(api.POST('/api/user/{id}/reset-two-factor', { params: { path: { id } } })),
    success: 'Two-factor is reset: they set it up again at their next sign-in.',
    invalidates: () => [userKeys.all],
  });
}
