// Participating Learners: the learners entered in this olympiad, with their usernames and status.
import { useMemo } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { ParticipantsGrid } from '@olympiad/shared/features/learners/components/participants-grid';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useScreenOlympiad } from '../../olympiad/use-screen-olympiad';

export function ParticipatingLearnersScreen({ route }: ScreenComponentProps) {
  const { olympiadId } = useScreenOlympiad();
  const scope = useMemo(() => (olympiadId === undefined ? {} : { olympiadId }), [olympiadId]);
  return (
    <Stack>
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">The learners entered in this olympiad: their sign-ins, status and language of writing.</Text>
      </div>
      <ParticipantsGrid scope={scope} staff />
    </Stack>
  );
}
