// /portal/:olympiadName/team: the school's team; a team admin invites colleagues and makes team admins.
import { useParams } from 'react-router-dom';
import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { TeamPanel } from '@olympiad/shared/features/team/components/team-panel';
import { useStoredUser } from '@olympiad/shared/session/stored-user';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useMySchool } from '../api/get-my-school';

export function MyTeamScreen({ route }: ScreenComponentProps) {
  const { olympiadName = '' } = useParams();
  const mine = useMySchool(olympiadName);
  const user = useStoredUser();
  if (mine.isPending) return <Skeleton height={240} />;
  if (mine.isError) return <Alert color="red">{mine.error.message}</Alert>;
  if (!mine.data.entry) return <Alert color="blue">Your school is not entered in this olympiad.</Alert>;
  return (
    <Stack maw={960}>
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">The teachers of {mine.data.entry.schoolName} who run its entry.</Text>
      </div>
      <TeamPanel schoolParticipantId={mine.data.entry.id} canManage={mine.data.isTeamAdmin} ownUserId={user?.id} />
    </Stack>
  );
}
