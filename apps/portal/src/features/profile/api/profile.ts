// GET and PUT /api/teacher/profile: the signed-in teacher's own details.
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { limits } from '@olympiad/shared/lib/field-limits';
import { text } from '@olympiad/shared/lib/limited-text';

async function getProfile() {
  return unwrap(await call(api.GET('/api/teacher/profile')));
}

export type Profile = Awaited<ReturnType<typeof getProfile>>;

export const profileKeys = { all: ['teacher-profile'] as const };

export function profileQuery() {
  return queryOptions({ queryKey: profileKeys.all, queryFn: getProfile });
}

export const profileSchema = z.object({
  title: text(limits.TeacherInput.title),
  firstName: text(limits.TeacherInput.firstName).min(1, 'is required'),
  lastName: text(limits.TeacherInput.lastName).min(1, 'is required'),
  cell: z.string().trim().refine((v) => v === '' || v.replace(/\D/g, '').length >= 9, 'must be a phone number (at least 9 digits)'),
  subject: text(limits.TeacherInput.subject),
});

export type ProfileValues = z.input<typeof profileSchema>;

/** The form's fields of the teacher's profile. */
export const profileValues = ({ title, firstName, lastName, cell, subject }: Profile): ProfileValues => ({ title, firstName, lastName, cell, subject });

export function updateProfile(values: z.output<typeof profileSchema>) {
  return call(api.PUT('/api/teacher/profile', { body: { ...values, schoolId: null } }));
}

export function useUpdateProfile() {
  return useApiMutation({
    mutationFn: updateProfile,
    update: (queryClient, profile) => queryClient.setQueryData(profileKeys.all, profile),
    success: 'Your details are saved.',
  });
}
