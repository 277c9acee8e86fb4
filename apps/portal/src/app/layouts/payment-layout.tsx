// The payment page: reached from an invoice link without signing in, so no navigation.
import { Container, Group, Text } from '@mantine/core';
import type { LayoutComponentProps } from '@olympiad/shared/router/screen-types';
import { KitProvider } from '@olympiad/shared/ui/kit/kit-provider';

export default function PaymentLayout({ children }: LayoutComponentProps) {
  return (
    <KitProvider>
      <header>
        <Group px="md" h={56} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <Text fw={700}>Olympiads · Payment</Text>
        </Group>
      </header>
      <Container size="sm" py="xl" component="main">
        {children}
      </Container>
    </KitProvider>
  );
}
