// PUT /api/teacher/{id}: a teacher's names, details and school, changed by staff.
import { z } from 'zod';
import { api, call } from '@olympiad/shared/api/client';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { teacherKeys } from './get-teachers';
import { limits } from '@olympiad/shared/lib/field-limits';
import { text } from '@olympiad/shared/lib/limited-text';

export const teacherSchema = z.object({
  title: text(limits.TeacherInput.title),
  firstName: text(limits.TeacherInput.firstName).min(1, 'is required'),
  lastName: text(limits.TeacherInput.lastName).min(1, 'is required'),
  cell: z.string().trim().refine((v) => v === '' || v.replace(/\D/g, '').length >= 9, 'must be a phone number (at least 9 digits)'),
  subject: text(limits.TeacherInput.subject),
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
