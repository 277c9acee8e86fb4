// Website Copy (admin): /:olympiadName/admin/edit/website-copy, the pages of the olympiad's project's
// public site: each page's copy, and its title, ogTitle, description and keywords.
import { Stack, Text, Title } from '@mantine/core';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useScreenOlympiad } from '../../olympiad/use-screen-olympiad';
import { useOlympiadPages } from '../api/site-copy';
import { SitePagesEditor } from './site-pages-editor';

export function WebsiteCopyScreen({ route }: ScreenComponentProps) {
  const { olympiadId } = useScreenOlympiad();
  const pages = useOlympiadPages(olympiadId);
  return (
    <Stack>
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">The pages of your olympiad's public site. Preview a change, then publish it: the page shows it at once.</Text>
      </div>
      <SitePagesEditor pages={pages} />
    </Stack>
  );
}
