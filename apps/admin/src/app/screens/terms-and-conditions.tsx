// Terms and Conditions (overlord): /overlord/edit/terms-and-conditions, the platform's terms, kept as
// its general copy `terms-and-conditions`.
import { Stack, Text, Title } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { GeneralCopyEditor } from '../../features/content/components/general-copy-screen';

export default function TermsAndConditionsScreen({ route }: ScreenComponentProps) {
  return (
    <Stack maw={960}>
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">The terms every school and teacher agrees to. Preview a change, then publish it.</Text>
      </div>
      <GeneralCopyEditor olympiadId={undefined} fixedKey="terms-and-conditions" />
    </Stack>
  );
}
