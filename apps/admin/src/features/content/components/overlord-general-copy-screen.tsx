// General Copy (overlord): /overlord/general-copy, the platform's own texts, and the pages of every
// public site (the product's suite site and each project's), their copy and tags.
import { useState } from 'react';
import { Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { productSlug } from '@olympiad/shared/access/product';
import { projectsQuery } from '@olympiad/shared/features/projects/api/get-projects';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { useSitePagesToEdit } from '../api/site-copy';
import { GeneralCopyEditor } from './general-copy-screen';
import { SitePagesEditor } from './site-pages-editor';

export function OverlordGeneralCopyScreen({ route }: ScreenComponentProps) {
  const projects = useQuery(projectsQuery());
  const [site, setSite] = useState<string>(productSlug());
  const pages = useSitePagesToEdit(site);
  const sites = [{ value: productSlug(), label: 'The product suite site' }, ...(projects.data ?? []).map((p) => ({ value: p.slug, label: p.name }))];
  return (
    <Stack>
      <div>
        <Title order={1}>{route.title}</Title>
        <Text c="dimmed">The platform's texts and the public sites' pages. Preview a change, then publish it.</Text>
      </div>
      <Tabs defaultValue="sites" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="sites">Site pages</Tabs.Tab>
          <Tabs.Tab value="copy">Platform copy</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="sites" pt="md">
          <Stack>
            <Select label="Site" data={sites} value={site} onChange={(value) => value && setSite(value)} allowDeselect={false} maw={360} />
            <SitePagesEditor key={site} pages={pages} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="copy" pt="md">
          <GeneralCopyEditor olympiadId={undefined} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
