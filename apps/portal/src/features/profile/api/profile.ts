// GET and PUT /api/teacher/profile: the signed-in teacher's own details.
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { atMost, limits } from '@olympiad/shared/lib/field-limits';

async function getProfile() {
  return unwrap(await call(api.GET('/api/teacher/profile')));
}

export type Profile = Awaited<ReturnType<typeof getProfile>>;

export const profileKeys = { all: ['teacher-profile'] as const };

export function profileQuery() {
  return queryOptions({ queryKey: profileKeys.all, queryFn: getProfile });
}

export const profileSchema = z.object({
  title: z.string().trim().max(limits.TeacherInput.title.maxLength, atMost(limits.TeacherInput.title.maxLength)),
  firstName: z.string().trim().min(1, 'is required').max(limits.TeacherInput.firstName.maxLength, atMost(limits.TeacherInput.firstName.maxLength)),
  lastName: z.string().trim().min(1, 'is required').max(limits.TeacherInput.lastName.maxLength, atMost(limits.TeacherInput.lastName.maxLength)),
  cell: z.string().trim().refine((v) => v === '' || v.replace(/\D/g, '').length >= 9, 'must be a phone number (at least 9 digits)'),
  subject: z.string().trim().max(limits.TeacherInput.subject.maxLength, atMost(limits.TeacherInput.subject.maxLength)),
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
