// General Copy (admin): /:olympiadName/admin/edit/general-copy, the olympiad's own texts.
import { Stack, Text, Title } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useScreenOlympiad } from '../../features/olympiad/use-screen-olympiad';
import { GeneralCopyEditor } from '../../features/content/components/general-copy-screen';

export default function GeneralCopyScreen({ route }: ScreenComponentProps) {
  const { olympiadId } = useScreenOlympiad();
  return (
    <Stack>
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">Texts your olympiad keeps, each under a key. Preview a change, then publish it.</Text>
      </div>
      {olympiadId !== undefined && <GeneralCopyEditor olympiadId={olympiadId} />}
    </Stack>
  );
}
