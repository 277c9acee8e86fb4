// PUT /api/teacher/{id}: a teacher's names, details and school, changed by staff.
import { z } from 'zod';
import { api, call } from '@olympiad/shared/api/client';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { teacherKeys } from './get-teachers';
import { atMost, limits } from '@olympiad/shared/lib/field-limits';

export const teacherSchema = z.object({
  title: z.string().trim().max(limits.TeacherInput.title.maxLength, atMost(limits.TeacherInput.title.maxLength)),
  firstName: z.string().trim().min(1, 'is required').max(limits.TeacherInput.firstName.maxLength, atMost(limits.TeacherInput.firstName.maxLength)),
  lastName: z.string().trim().min(1, 'is required').max(limits.TeacherInput.lastName.maxLength, atMost(limits.TeacherInput.lastName.maxLength)),
  cell: z.string().trim().refine((v) => v === '' || v.replace(/\D/g, '').length >= 9, 'must be a phone number (at least 9 digits)'),
  subject: z.string().trim().max(limits.TeacherInput.subject.maxLength, atMost(limits.TeacherInput.subject.maxLength)),
});

export type TeacherValues = z.input<typeof teacherSchema>;

export function updateTeacher(id: number, values: z.output<typeof teacherSchema>, schoolId: number | null) {
  return call(api.PUT('/api/teacher/{id}', { params: { path: { id } }, body: { ...values, schoolId } }));
}

export function useUpdateTeacher() {
  return useApiMutation({
    mutationFn: ({ id, values, schoolId }: { id: number; values: z.output<typeof teacherSchema>; schoolId: number | null }) => updateTeacher(id, values, schoolId),
    success: 'The teacher is saved.',
    invalidates: () => [teacherKeys.all],
  });
}
