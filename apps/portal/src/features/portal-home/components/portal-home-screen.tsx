// /portal: the teacher's olympiads (their school's entries) and the olympiads open for entry, which a
// teacher linked to a school enters with one click.
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { AppLink } from '@olympiad/shared/router/app-link';
import { projectsQuery } from '@olympiad/shared/features/projects/api/get-projects';
import { alertError } from '@olympiad/shared/feedback/notifications';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { myEntriesQuery } from '../../school/api/get-my-entries';
import { useEnterMySchool } from '../../school/api/enter-my-school';
import { profileQuery } from '../../profile/api/profile';

export function PortalHomeScreen({ route }: ScreenComponentProps) {
  const entering = useEnterMySchool();
  const entries = useQuery(myEntriesQuery());
  const projects = useQuery(projectsQuery());
  const profile = useQuery(profileQuery());
  const school = profile.data?.school ?? null;
  const entered = new Set((entries.data?.rows ?? []).map((e) => e.olympiadId));
  const open = (projects.data ?? []).flatMap((p) => p.olympiads).filter((o) => o.isOpen && !entered.has(o.id));

  const enter = async (olympiadId: number, title: string) => {
    const result = await entering.mutateAsync({ olympiadId, title, schoolName: school?.name ?? 'Your school' });
    if (!result.ok) alertError(result.message);
  };

  return (
    <Stack>
      <Title order={1}>{route.title}</Title>
      {entries.isPending && <Skeleton height={120} />}
      {entries.isError && <Alert color="red">{entries.error.message}</Alert>}
      {entries.data && entries.data.rows.length === 0 && <Text c="dimmed">Your school is not entered in an olympiad yet.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {entries.data?.rows.map((entry) => (
          <Card key={entry.id} withBorder radius="md">
            <Group justify="space-between" align="flex-start">
              <div>
                <Text fw={700}>{entry.olympiadTitle}</Text>
                <Text size="sm" c="dimmed">
                  {entry.schoolName} · {entry.learnerCount} learner{entry.learnerCount === 1 ? '' : 's'}
                </Text>
              </div>
              <Badge variant="light">{entry.status}</Badge>
            </Group>
            <Button component={AppLink} to={`/portal/${entry.olympiadName}`} mt="md" variant="light">
              Open
            </Button>
          </Card>
        ))}
      </SimpleGrid>
      <Title order={2} size="h3" mt="lg">
        Open for entry
      </Title>
      {projects.isPending && <Skeleton height={80} />}
      {projects.data && open.length === 0 && <Text c="dimmed">No other olympiad is open for entry now.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {open.map((olympiad) => (
          <Card key={olympiad.id} withBorder radius="md">
            <Text fw={700}>{olympiad.title}</Text>
            <Text size="sm" c="dimmed">
              {olympiad.year}
            </Text>
            {school ? (
              <Button mt="md" onClick={() => enter(olympiad.id, olympiad.title)}>
                Enter {school.name}
              </Button>
            ) : (
              <Text size="sm" mt="md">
                Express interest on the olympiad&apos;s website, or ask the olympiad office to link you to your school.
              </Text>
            )}
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
