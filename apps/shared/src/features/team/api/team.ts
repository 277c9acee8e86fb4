// The team of a school's entry: GET /api/team-member (the list), POST (invite by e-mail), PUT {id} (team
// admin or not), DELETE {id}. Every change answers the team as it now is.
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, call } from '../../../api/client';
import { unwrap } from '../../../api/envelope';
import { useApiMutation } from '../../../resource/use-api-mutation';
import { limits } from '../../../lib/field-limits';
import { text } from '../../../lib/limited-text';

export const teamKeys = {
  all: ['team'] as const,
  of: (schoolParticipantId: number) => [...teamKeys.all, schoolParticipantId] as const,
};

async function getTeam(schoolParticipantId: number) {
  return unwrap(await call(api.GET('/api/team-member', { params: { query: { schoolParticipantId } } })));
}

export type TeamMemberRow = Awaited<ReturnType<typeof getTeam>>[number];

export function teamQuery(schoolParticipantId: number) {
  return queryOptions({ queryKey: teamKeys.of(schoolParticipantId), queryFn: () => getTeam(schoolParticipantId) });
}

export const invitationSchema = z.object({
  email: z.string().trim().min(1, 'is required').email('must be an e-mail address'),
  title: text(limits.Invitation.title),
  firstName: text(limits.Invitation.firstName).min(1, 'is required'),
  lastName: text(limits.Invitation.lastName).min(1, 'is required'),
  teamAdmin: z.boolean(),
});

export type InvitationValues = z.input<typeof invitationSchema>;

export function inviteColleague(schoolParticipantId: number, values: z.output<typeof invitationSchema>) {
  return call(api.POST('/api/team-member', { body: { schoolParticipantId, ...values } }));
}

export function setTeamAdmin(id: number, isTeamAdmin: boolean) {
  return call(api.PUT('/api/team-member/{id}', { params: { path: { id } }, body: { isTeamAdmin } }));
}

export function removeTeamMember(id: number) {
  return call(api.DELETE('/api/team-member/{id}', { params: { path: { id } } }));
}

/** What changes the team of the entry `schoolParticipantId`; the team is read again after each. */
type TeamChange = { schoolParticipantId: number };
const teamOf = ({ schoolParticipantId }: TeamChange) => [teamKeys.of(schoolParticipantId)];

export function useInviteColleague() {
  return useApiMutation({
    mutationFn: ({ schoolParticipantId, values }: TeamChange & { values: z.output<typeof invitationSchema> }) => inviteColleague(schoolParticipantId, values),
    success: (_, { values }) => `${values.firstName} is in the team; an e-mail is on its way to ${values.email}.`,
    invalidates: teamOf,
  });
}

export function useSetTeamAdmin() {
  return useApiMutation({
    mutationFn: ({ member, isTeamAdmin }: TeamChange & { member: TeamMemberRow; isTeamAdmin: boolean }) => setTeamAdmin(member.id, isTeamAdmin),
    invalidates: teamOf,
  });
}

export function useRemoveTeamMember() {
  return useApiMutation({ mutationFn: ({ member }: TeamChange & { member: TeamMemberRow }) => removeTeamMember(member.id), invalidates: teamOf });
}
