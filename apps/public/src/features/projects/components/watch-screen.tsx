// "/" (Watch): the product's home, every project and its olympiads.
import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useProjects } from '@olympiad/shared/features/projects/api/get-projects';
import { AppLink } from '@olympiad/shared/router/app-link';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { OlympiadList } from './olympiad-list';

export function WatchScreen(_props: ScreenComponentProps) {
  const projects = useProjects();
  return (
    <Stack gap="xl">
      <Stack gap="xs" maw={720}>
        <Title order={1}>School olympiads for South African learners</Title>
        <Text size="lg" c="dimmed">
          Learners write the olympiad online at school; teachers enter their school and follow their learners' results.
          Choose an olympiad to read more or to sign in.
        </Text>
      </Stack>
      {projects.isPending && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label="Loading olympiads">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={180} radius="md" />
          ))}
        </SimpleGrid>
      )}
      {projects.isError && (
        <Alert color="red" title="The olympiads could not be loaded">
          {projects.error.message}
        </Alert>
      )}
      {projects.data && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {projects.data.map((project) => (
            <Card key={project.id} withBorder radius="md" padding="lg">
              <Stack gap="sm" h="100%">
                <Title order={2} size="h3">
                  {project.name}
                </Title>
                <Text c="dimmed" size="sm">
                  {project.description}
                </Text>
                <OlympiadList olympiads={project.olympiads} />
                <Group mt="auto">
                  <Button component={AppLink} to={`/${project.slug}`} variant="default">
                    About {project.name}
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
