// FAQ (teacher): /portal/faq, the portal's questions and answers (kept under the overlord's FAQs).
import { Stack, Text, Title } from '@mantine/core';
import { FaqList } from '@olympiad/shared/features/content/components/faq-list';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';

export default function PortalFaqScreen({ route }: ScreenComponentProps) {
  return (
    <Stack gap="lg" maw={860}>
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">Entering your school, loading learners, the olympiad day and results.</Text>
      </div>
      <FaqList site="portal" />
    </Stack>
  );
}
