// One site's pages to edit: choose a page, change its tags for search engines and link previews, and
// its copy, preview it and publish it. The page shows the change at its next visit.
import { useState } from 'react';
import { Alert, Anchor, Grid, NavLink, Paper, Skeleton, Stack, TextInput, Textarea, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { limits } from '@olympiad/shared/lib/field-limits';
import { useRecordDraft } from '@olympiad/shared/resource/use-record-draft';
import { useSaveSitePage, type SitePageCopy } from '../api/site-copy';
import { PreviewPublish } from './preview-publish';

type Tags = { title: string; ogTitle: string; description: string; keywords: string };

export function SitePagesEditor({ pages }: { pages: UseQueryResult<SitePageCopy[], Error> }) {
  const [key, setKey] = useState<string | null>(null);
  if (pages.isPending) return <Skeleton height={320} role="status" aria-label="Loading" />;
  if (pages.isError) return <Alert color="red">{pages.error.message}</Alert>;
  const page = pages.data.find((p) => p.pageKey === key) ?? pages.data[0];
  if (!page) return <Text c="dimmed">This site has no pages.</Text>;
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Paper withBorder radius="md" component="nav" aria-label="Pages">
          {pages.data.map((p) => (
            <NavLink
              key={p.pageKey}
              label={p.updatedAt ? p.pageTitle : `${p.pageTitle} (not written yet)`}
              active={p.pageKey === page.pageKey}
              onClick={() => setKey(p.pageKey)}
              component="button"
            />
          ))}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <PageForm key={`${page.site}/${page.pageKey}`} page={page} />
      </Grid.Col>
    </Grid>
  );
}

function PageForm({ page }: { page: SitePageCopy }) {
  const save = useSaveSitePage();
  const copy = useRecordDraft({
    record: { title: page.title, ogTitle: page.ogTitle, description: page.description, keywords: page.keywords, body: page.body },
    save: (draft) => save.mutateAsync({ site: page.site, pageKey: page.pageKey, ...draft }),
  });
  const { draft, errors } = copy;
  const set = (field: keyof Tags) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => copy.change({ [field]: event.currentTarget.value });

  return (
    <Stack>
      <Text size="sm">
        Address: <Anchor href={page.path} target="_blank">{page.path}</Anchor>
      </Text>
      <TextInput label="Title" description="In the browser's tab and in search results; the page's name and the site's when empty" value={draft.title} onChange={set('title')} maxLength={limits.SitePageInput.title.maxLength} error={errors.title} />
      <TextInput label="Title in link previews (ogTitle)" description="WhatsApp, Facebook; the title when empty" value={draft.ogTitle} onChange={set('ogTitle')} maxLength={limits.SitePageInput.ogTitle.maxLength} error={errors.ogTitle} />
      <Textarea label="Description" description="Under the title in search results and previews" value={draft.description} onChange={set('description')} maxLength={limits.SitePageInput.description.maxLength} error={errors.description} autosize minRows={2} />
      <TextInput label="Keywords" description="Separated by commas" value={draft.keywords} onChange={set('keywords')} maxLength={limits.SitePageInput.keywords.maxLength} error={errors.keywords} />
      <PreviewPublish label="Copy of the page" body={draft.body} onBodyChange={(body) => copy.change({ body })} onPublish={(body) => copy.submit({ ...draft, body })} publishing={copy.saving} error={errors.body} />
    </Stack>
  );
}
