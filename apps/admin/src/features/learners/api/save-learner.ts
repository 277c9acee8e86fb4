// PUT /api/learner/{id} (a learner's record, checked like a row of the learner spreadsheet) and DELETE.
import { z } from 'zod';
import { api, call } from '@olympiad/shared/api/client';
import { limits } from '@olympiad/shared/lib/field-limits';
import { text } from '@olympiad/shared/lib/limited-text';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { learnerKeys, type LearnerRow } from './get-learners';

// A learner's record is checked like a row of the learner spreadsheet, with its limits.
const row = limits.RosterRow;

export const learnerSchema = z
  .object({
    firstName: text(row.firstName).min(1, 'is required'),
    lastName: text(row.lastName).min(1, 'is required'),
    grade: z.string().min(1, 'is required'),
    className: text(row.className),
    gender: z.string().nullable(),
    homeLanguage: z.string().nullable(),
    email: z.union([z.literal(''), z.string().trim().email('must be an e-mail address')]),
    consentGiven: z.boolean(),
    consentBy: text(row.consentBy),
    consentRelationship: text(row.consentRelationship),
  })
  .refine((l) => !l.consentGiven || l.consentBy !== '', { path: ['consentBy'], message: 'is required when consent is given' });

export type LearnerValues = z.input<typeof learnerSchema>;

export const emptyLearner: LearnerValues = { firstName: '', lastName: '', grade: '', className: '', gender: null, homeLanguage: null, email: '', consentGiven: false, consentBy: '', consentRelationship: '' };

export function learnerValues(learner: LearnerRow): LearnerValues {
  return {
    firstName: learner.firstName,
    lastName: learner.lastName,
    grade: String(learner.grade),
    className: learner.className,
    gender: learner.gender || null,
    homeLanguage: learner.homeLanguage || null,
    email: learner.email ?? '',
    consentGiven: learner.consentGiven,
    consentBy: learner.consentBy,
    consentRelationship: learner.consentRelationship,
  };
}

export function updateLearner(id: number, values: z.output<typeof learnerSchema>) {
  return call(
    api.PUT('/api/learner/{id}', {
      params: { path: { id } },
      body: { ...values, gender: values.gender ?? '', homeLanguage: values.homeLanguage ?? '', consentGiven: values.consentGiven ? 'yes' : 'no', language: '' },
    }),
  );
}

export function deleteLearner(id: number) {
  return call(api.DELETE('/api/learner/{id}', { params: { path: { id } } }));
}

export function useUpdateLearner() {
  return useApiMutation({
    mutationFn: ({ id, values }: { id: number; values: z.output<typeof learnerSchema> }) => updateLearner(id, values),
    success: 'The learner is saved.',
    invalidates: () => [learnerKeys.all],
  });
}

export function useDeleteLearner() {
  return useApiMutation({ mutationFn: deleteLearner, success: 'The learner is deleted.', invalidates: () => [learnerKeys.all] });
}
