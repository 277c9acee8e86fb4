// A school's team: who is in it, who are team admins; those who may manage it invite a colleague by
// e-mail (who gets an account and a link to choose a password when new), make or unmake team admins and
// remove members. The last team admin stays one.
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { CheckboxField, FormAlert, SubmitButton, TextField } from '../../../ui/form/form-fields';
import { alertError } from '../../../feedback/notifications';
import { RecordTable, type TableColumn } from '../../../ui/table/record-table';
import { useRecordForm } from '../../../resource/use-record-form';
import { useConfirmedChange } from '../../../resource/use-confirmed-change';
import { formatDateTime, parseServerTime } from '../../../lib/server-time';
import { invitationSchema, teamQuery, useInviteColleague, useRemoveTeamMember, useSetTeamAdmin, type TeamMemberRow } from '../api/team';

const emptyInvitation = { email: '', title: '', firstName: '', lastName: '', teamAdmin: false };

const memberColumns: TableColumn<TeamMemberRow>[] = [
  { header: 'Name', cell: (member) => [member.title, member.firstName, member.lastName].filter(Boolean).join(' ') },
  { header: 'E-mail', cell: (member) => member.email },
  { header: 'Cell', cell: (member) => member.cell },
  { header: 'Last sign-in', cell: (member) => formatDateTime(parseServerTime(member.lastLoginAt), 'Not yet') },
  { header: 'Role', cell: (member) => (member.isTeamAdmin ? <Badge>Team admin</Badge> : <Text size="sm">Member</Text>) },
];

export function TeamPanel({ schoolParticipantId, canManage, ownUserId }: { schoolParticipantId: number; canManage: boolean; ownUserId?: number }) {
  const team = useQuery(teamQuery(schoolParticipantId));
  const removal = useConfirmedChange();
  const inviting = useInviteColleague();
  const settingAdmin = useSetTeamAdmin();
  const removing = useRemoveTeamMember();
  // A new invitation each time: the form empties once one is sent.
  const invitation = useRecordForm({
    schema: invitationSchema,
    record: null,
    valuesOf: () => emptyInvitation,
    empty: emptyInvitation,
    save: (values) => inviting.mutateAsync({ schoolParticipantId, values }),
    onSaved: (_, form) => form.reset(emptyInvitation),
  });
  const { form } = invitation;

  const setAdmin = async (member: TeamMemberRow, isTeamAdmin: boolean) => {
    const result = await settingAdmin.mutateAsync({ schoolParticipantId, member, isTeamAdmin });
    if (!result.ok) alertError(result.message);
  };
  const remove = (member: TeamMemberRow) => {
    const name = `${member.firstName} ${member.lastName}`.trim();
    const ask = { title: 'Remove from the team?', message: `${name} no longer sees this school's entry.`, danger: true, confirmLabel: 'Remove' };
    return removal.run(ask, () => removing.mutateAsync({ schoolParticipantId, member }));
  };

  const actions: TableColumn<TeamMemberRow> = {
    header: <span className="visually-hidden">Actions</span>,
    cell: (member) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {member.isTeamAdmin ? (
          <Button size="compact-xs" variant="light" onClick={() => setAdmin(member, false)}>
            Make member
          </Button>
        ) : (
          <Button size="compact-xs" variant="light" onClick={() => setAdmin(member, true)}>
            Make team admin
          </Button>
        )}
        {member.userId !== ownUserId && (
          <Button size="compact-xs" variant="light" color="red" onClick={() => remove(member)}>
            Remove
          </Button>
        )}
      </Group>
    ),
  };

  if (team.isPending) return <Skeleton height={160} role="status" aria-label="Loading the team" />;
  if (team.isError) return <Alert color="red">{team.error.message}</Alert>;

  return (
    <Stack>
      <Table.ScrollContainer minWidth={560}>
        <RecordTable label="Team" striped rows={team.data} rowKey={(member) => member.id} columns={canManage ? [...memberColumns, actions] : memberColumns} />
      </Table.ScrollContainer>
      {canManage && (
        <Paper withBorder p="md" radius="md" component="form" onSubmit={invitation.submit} noValidate aria-label="Invite a colleague">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Invite a colleague
            </Title>
            <Text size="sm" c="dimmed">
              They get an e-mail with a link to the teacher portal (and to choose a password, if they are new here).
            </Text>
            <FormAlert message={invitation.error} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField control={form.control} name="email" label="E-mail address" type="email" required />
              <TextField control={form.control} name="title" label="Title" placeholder="Ms, Mr, Dr" />
              <TextField control={form.control} name="firstName" label="First name" required />
              <TextField control={form.control} name="lastName" label="Last name" required />
            </SimpleGrid>
            <CheckboxField control={form.control} name="teamAdmin" label="Team admin: may change the school's details, the team and the learners' passwords" />
            <Group>
              <SubmitButton submitting={invitation.submitting}>Send the invitation</SubmitButton>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
