// The overlord's layout: every cross-olympiad screen, in groups.
import { Badge, Group, Text } from '@mantine/core';
import type { LayoutComponentProps } from '@olympiad/shared/router/screen-types';
import { KitProvider } from '@olympiad/shared/ui/kit/kit-provider';
import { ShellLayout } from '@olympiad/shared/layouts/shell-layout';
import { useCurrentUser } from '@olympiad/shared/features/auth/api/get-current-user';
import { overlordNavigation } from '../../features/navigation/overlord-navigation';

export default function OverlordLayout({ route, routes, children }: LayoutComponentProps) {
  // Confirms the session with the server on arrival: a forged or expired token ends here, at its first 401.
  useCurrentUser('overlord', null);
  return (
    <KitProvider>
      <ShellLayout
        brand={
          <Group gap="xs" wrap="nowrap">
            <Text fw={700} size="lg">
              Olympiads
            </Text>
            <Badge variant="light">Overlord</Badge>
          </Group>
        }
        navSections={overlordNavigation(routes, route.key)}
      >
        {children}
      </ShellLayout>
    </KitProvider>
  );
}
