// PUT /api/teacher/{id}: a teacher's names, details and school, changed by staff.
import { z } from 'zod';
import { api, call } from '@olympiad/shared/api/client';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { teacherKeys } from './get-teachers';

export const teacherSchema = z.object({
  title: z.string().trim().max(20, 'must be at most 20 characters'),
  firstName: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  lastName: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  cell: z.string().trim().refine((v) => v === '' || v.replace(/\D/g, '').length >= 9, 'must be a phone number (at least 9 digits)'),
  subject: z.string().trim().max(100, 'must be at most 100 characters'),
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
