// FAQ (public): /{product}/faq, the product's questions and answers (kept under the overlord's FAQs).
import { Stack, Title } from '@mantine/core';
import { productSlug } from '@olympiad/shared/access/product';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { FaqList } from '@olympiad/shared/features/content/components/faq-list';

export default function ProductFaqScreen(_props: ScreenComponentProps) {
  return (
    <Stack gap="lg" maw={860}>
      <Title order={1}>Frequently asked questions</Title>
      <FaqList site={productSlug()} />
    </Stack>
  );
}
