// /:olympiadName/admin/settings-and-actions: the olympiad's settings beside what is done to it (open,
// close, pin, reset).
import { Alert, Grid, Loader, Stack, Text, Title } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { findOlympiad, useProjects } from '@olympiad/shared/features/projects/api/get-projects';
import { useOlympiad } from '../api/get-olympiad';
import { useOlympiadId } from '../../olympiad/use-olympiad-id';
import { OlympiadActions } from './olympiad-actions';
import { SettingsForm } from './settings-form';
import { StartWindowsSection } from './start-windows-section';

export function SettingsScreen({ route }: ScreenComponentProps) {
  const olympiad = useOlympiad(useOlympiadId());
  const projects = useProjects(true);
  const project = findOlympiad(projects.data, olympiad.data?.name)?.project;
  return (
    <Stack>
      <div>
        <Title order={1}>{route.title}</Title>
        {olympiad.data && (
          <Text c="dimmed">
            {olympiad.data.title} · name in addresses <code>{olympiad.data.name}</code> · project{' '}
            {project?.name ?? `#${olympiad.data.projectId}`}
          </Text>
        )}
      </div>
      {olympiad.isError && <Alert color="red">{olympiad.error.message}</Alert>}
      {olympiad.isPending ? (
        <Loader role="status" aria-label="Loading the settings" />
      ) : (
        olympiad.data && (
          <Grid gutter="lg">
            <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
              <Stack gap="lg">
                <SettingsForm olympiad={olympiad.data} />
                <StartWindowsSection olympiadId={olympiad.data.id} />
              </Stack>
            </Grid.Col>
            {/* On a narrow screen the actions come first: they are short, and what the screen is opened for. */}
            <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
              <OlympiadActions olympiad={olympiad.data} />
            </Grid.Col>
          </Grid>
        )
      )}
    </Stack>
  );
}
