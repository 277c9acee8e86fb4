// A school's learners in an olympiad (participants): GET /api/participant, and what is done with their
// sign-ins: login slips (POST /api/participant/login-slips) and new passwords
// (PUT /api/auth/set-learner-passwords/{id}).
import { api, call } from '../../../api/client';
import { unwrap } from '../../../api/envelope';
import type { components, operations } from '../../../api/schema';
import { downloadFile } from '../../../api/download';
import type { ListQuery } from '../../../ui/data-grid/server-query';
import { serverGrid } from '../../../ui/data-grid/server-list';
import { useApiMutation } from '../../../resource/use-api-mutation';

type ParticipantQuery = NonNullable<operations['participant_list']['parameters']['query']>;

async function getParticipants(query: ParticipantQuery) {
  return unwrap(await call(api.GET('/api/participant', { params: { query } })));
}

export type ParticipantRow = Awaited<ReturnType<typeof getParticipants>>['rows'][number];

/** A learner's sign-in, as loading or new passwords answer it (shown once). */
export type Credential = {
  participantId: number;
  firstName: string;
  lastName: string;
  grade: number;
  className: string;
  username: string;
  password: string;
};

export const participantKeys = {
  all: ['participants'] as const,
  list: (scope: ListQuery) => [...participantKeys.all, 'list', scope] as const,
};

export function participantsGrid(scope: { customerParticipantId?: number; olympiadId?: number }) {
  return serverGrid<ParticipantRow>({
    path: '/api/participant',
    queryKey: participantKeys.list(scope),
    fetchPage: (query: ListQuery) => getParticipants(query as ParticipantQuery),
    baseQuery: scope,
    exportName: 'learners',
  });
}

export function loginSlips(schoolParticipantId: number, credentials: Credential[], format: 'pdf' | 'csv') {
  const body: components['schemas']['SlipRequest'] = {
    schoolParticipantId,
    credentials: credentials.map((c) => ({ participantId: c.participantId, password: c.password })),
  };
  return downloadFile('POST', '/api/participant/login-slips', { query: { format }, json: body, fallbackName: `login-slips.${format}` });
}

/** New passwords for every learner of the entry, or (by username) for one. */
export function newLearnerPasswords(schoolParticipantId: number, schoolId: number, username?: string) {
  const query: { schoolId: number; email?: string } = { schoolId };
  if (username !== undefined) query.email = username;
  return call(api.PUT('/api/auth/set-learner-passwords/{id}', { params: { path: { id: schoolParticipantId }, query } }));
}

export function updateParticipant(id: number, body: components['schemas']['ParticipantChanges']) {
  return call(api.PUT('/api/participant/{id}', { params: { path: { id } }, body }));
}

export function withdrawParticipant(id: number) {
  return call(api.DELETE('/api/participant/{id}', { params: { path: { id } } }));
}

export function useUpdateParticipant() {
  return useApiMutation({
    mutationFn: ({ id, changes }: { id: number; changes: components['schemas']['ParticipantChanges'] }) => updateParticipant(id, changes),
    invalidates: () => [participantKeys.all],
  });
}

export function useWithdrawParticipant() {
  return useApiMutation({ mutationFn: withdrawParticipant, success: 'The learner is taken out.', invalidates: () => [participantKeys.all] });
}
