// A back-office list screen: its title, a line saying what is listed, then the grid and its dialogs.
import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';

export function GridScreen({ title, description, children }: { title: string; description: ReactNode; children: ReactNode }) {
  return (
    <Stack>
      <div>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{description}</Text>
      </div>
      {children}
    </Stack>
  );
}
