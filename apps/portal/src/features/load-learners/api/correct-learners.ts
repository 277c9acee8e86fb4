// A learner corrected or added by hand: GET /api/learner/{id}/correction (the record, and each field that
// cannot change now with why), PUT /api/learner/{id} (the record corrected) and POST /api/learner (one late
// learner, checked as a row of the spreadsheet is; answers their sign-in, shown once).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { participantKeys } from '@olympiad/shared/features/learners/api/participants';
import { limits } from '@olympiad/shared/lib/field-limits';
import { text } from '@olympiad/shared/lib/limited-text';
import { useApiMutation } from '@olympiad/shared/resource/use-api-mutation';
import { mySchoolKeys } from '../../school/api/get-my-school';

async function getCorrection(id: number) {
  return unwrap(await call(api.GET('/api/learner/{id}/correction', { params: { path: { id } } })));
}

export type LearnerCorrection = Awaited<ReturnType<typeof getCorrection>>;

export const correctionKeys = {
  all: ['learner-correction'] as const,
  of: (id: number) => [...correctionKeys.all, id] as const,
};

export function useLearnerCorrection(id: number | null) {
  return useQuery({ ...queryOptions({ queryKey: correctionKeys.of(id ?? 0), queryFn: () => getCorrection(id ?? 0) }), enabled: id !== null });
}

// A learner is checked as a row of the spreadsheet, with its limits.
const row = limits.RosterRow;

export const learnerSchema = z
  .object({
    firstName: text(row.firstName).min(1, 'is required'),
    lastName: text(row.lastName).min(1, 'is required'),
    grade: z.string().min(1, 'is required'),
    className: text(row.className),
    gender: z.string().nullable(),
    email: z.union([z.literal(''), z.string().trim().email('must be an e-mail address')]),
    consentGiven: z.boolean(),
    consentBy: text(row.consentBy),
    consentRelationship: text(row.consentRelationship),
  })
  .refine((l) => !l.consentGiven || l.consentBy !== '', { path: ['consentBy'], message: 'is required when consent is given' });

export type LearnerValues = z.input<typeof learnerSchema>;
type CheckedValues = z.output<typeof learnerSchema>;

export const emptyLearner: LearnerValues = { firstName: '', lastName: '', grade: '', className: '', gender: null, email: '', consentGiven: false, consentBy: '', consentRelationship: '' };

export function learnerValues({ learner }: LearnerCorrection): LearnerValues {
  return {
    firstName: learner.firstName,
    lastName: learner.lastName,
    grade: String(learner.grade),
    className: learner.className,
    gender: learner.gender || null,
    email: learner.email ?? '',
    consentGiven: learner.consentGiven,
    consentBy: learner.consentBy,
    consentRelationship: learner.consentRelationship,
  };
}

/** The row as the server reads it; the home language the form does not show is kept as it is. */
function rosterRow(values: CheckedValues, homeLanguage: string) {
  return { ...values, gender: values.gender ?? '', homeLanguage, consentGiven: values.consentGiven ? 'yes' : 'no', language: '' };
}

/** A correction: the grid, the record and the school's count of learners show it. */
export function useCorrectLearner() {
  return useApiMutation({
    mutationFn: ({ correction, values }: { correction: LearnerCorrection; values: CheckedValues }) =>
      call(api.PUT('/api/learner/{id}', { params: { path: { id: correction.learner.id } }, body: rosterRow(values, correction.learner.homeLanguage) })),
    success: (learner) => `${learner.firstName} ${learner.lastName} is saved.`,
    invalidates: () => [participantKeys.all, correctionKeys.all],
  });
}

/** A late learner joins the grid and the school's count of learners; their sign-in comes back once. */
export function useAddLearner() {
  return useApiMutation({
    mutationFn: ({ schoolParticipantId, values }: { schoolParticipantId: number; values: CheckedValues }) =>
      call(api.POST('/api/learner', { body: { schoolParticipantId, ...rosterRow(values, '') } })),
    success: (credential) => `${credential.firstName} ${credential.lastName} is added: print their login slip.`,
    invalidates: () => [participantKeys.all, mySchoolKeys.all],
  });
}
