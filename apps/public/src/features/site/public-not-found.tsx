import { useEffect } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { AppLink } from '@olympiad/shared/router/app-link';

/** Any address no page answers (spec section 2), inside the public site's frame. */
export function PublicNotFound() {
  useEffect(() => {
    document.title = 'Page Not Found · Olympiads';
  }, []);
  return (
    <Stack gap="md" maw={560} py="xl">
      <Text fw={700} c="dimmed">
        404
      </Text>
      <Title order={1}>Page not found</Title>
      <Text>The page you asked for does not exist or has moved. Check the address, or start again from the home page.</Text>
      <Group>
        <Button component={AppLink} to="/">
          Go to the home page
        </Button>
      </Group>
    </Stack>
  );
}
