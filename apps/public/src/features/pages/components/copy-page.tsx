// A page of a public site whose words the provider writes (Website Copy): its heading and its copy,
// then whatever the page adds below (a list, a form). The server has already written the same copy into
// the HTML it sent, for search engines and link previews; this takes over once the app runs.
import type { ReactNode } from 'react';
import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { RichText } from '@olympiad/shared/ui/lean/rich-text';
import { useSitePage } from '@olympiad/shared/features/content/api/get-site-pages';
import { PublicNotFound } from '../../site/public-not-found';
import { useSite } from './use-site';
import classes from './copy-page.module.css';

type CopyPageProps = {
  kind: 'product' | 'project';
  pageKey: string;
  title: string;
  /** Said when nobody has written the page's copy yet. */
  fallback?: string;
  children?: ReactNode;
};

export function CopyPage({ kind, pageKey, title, fallback, children }: CopyPageProps) {
  const site = useSite(kind);
  const copy = useSitePage(site.loading || site.missing ? undefined : site.slug, pageKey);
  if (site.missing) return <PublicNotFound />;
  return (
    <Stack gap="lg" maw={860}>
      <Title order={1}>{title}</Title>
      {copy.isPending && <Skeleton height={120} radius="md" role="status" aria-label="Loading" />}
      {copy.isError && <Alert color="red">{copy.error.message}</Alert>}
      {copy.page && copy.page.body !== '' && <RichText html={copy.page.body} className={classes.copy} />}
      {copy.page && copy.page.body === '' && fallback && <Text c="dimmed">{fallback}</Text>}
      {children}
    </Stack>
  );
}
