import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { ProjectOlympiad } from '@olympiad/shared/features/projects/api/get-projects';

/** A project's olympiads, open ones first, each with its sign-in. */
export function OlympiadList({ olympiads }: { olympiads: ProjectOlympiad[] }) {
  if (olympiads.length === 0) return <Text c="dimmed">No olympiad is scheduled yet.</Text>;
  const sorted = [...olympiads].sort((a, b) => Number(b.isOpen) - Number(a.isOpen) || b.year - a.year);
  return (
    <Stack gap="xs">
      {sorted.map((olympiad) => (
        <Group key={olympiad.id} justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Text fw={600}>{olympiad.title}</Text>
            {olympiad.isOpen ? (
              <Badge color="green" variant="light" w="fit-content">
                Open for entries
              </Badge>
            ) : (
              <Badge variant="light" color="gray" w="fit-content">
                {olympiad.year}
              </Badge>
            )}
          </Stack>
          {olympiad.isOpen && (
            <Button component="a" href={`/${olympiad.name}/login`} size="xs" variant="light" style={{ flexShrink: 0 }}>
              Sign in
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}
