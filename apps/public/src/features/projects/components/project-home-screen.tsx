// /:projectName and /:projectName/home: a project's own home page.
import { useParams } from 'react-router-dom';
import { Alert, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { findProject, useProjects } from '@olympiad/shared/features/projects/api/get-projects';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { OlympiadList } from './olympiad-list';
import { PublicNotFound } from '../../site/public-not-found';

export function ProjectHomeScreen(_props: ScreenComponentProps) {
  const { projectName } = useParams();
  const projects = useProjects();
  if (projects.isPending) return <Skeleton height={240} radius="md" role="status" aria-label="Loading" />;
  if (projects.isError) return <Alert color="red">{projects.error.message}</Alert>;
  const project = findProject(projects.data, projectName);
  // /:projectName catches every one-segment address: one that names no project is simply not found.
  if (!project) return <PublicNotFound />;
  return (
    <Stack gap="xl" maw={860}>
      <Stack gap="xs">
        <Title order={1}>{project.name}</Title>
        <Text size="lg" c="dimmed">
          {project.description}
        </Text>
      </Stack>
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="sm">
          Olympiads
        </Title>
        <OlympiadList olympiads={project.olympiads} />
      </Card>
    </Stack>
  );
}
