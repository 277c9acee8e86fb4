// A page of a public site whose words the provider writes (Website Copy): its heading and its copy,
// then whatever the page adds below (a list, a form). The server has already written the same copy into
// the HTML it sent, for search engines and link previews; this takes over once the app runs.
import type { ReactNode } from 'react';
import { RichText } from '@olympiad/shared/ui/lean/rich-text';
import { useSitePage } from '@olympiad/shared/features/content/api/get-site-pages';
import { PublicNotFound } from '../site/public-not-found';
import { Dim, Loading, Notice } from '../site/public-ui';
import { useSite } from './components/use-site';
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
  if (site.missing) return <PublicNotFound />;
  return (
    <div className={classes.page}>
      <h1>{title}</h1>
      <SiteCopy site={site.loading ? undefined : site.slug} pageKey={pageKey} {...(fallback ? { fallback } : {})} />
      {children}
    </div>
  );
}

/** A page's copy alone, for pages whose heading and contents are their own (a project's home, results). */
export function SiteCopy({ site, pageKey, fallback }: { site: string | undefined; pageKey: string; fallback?: string }) {
  const copy = useSitePage(site, pageKey);
  if (site === undefined || copy.isPending) return <Loading label="Loading the page" />;
  if (copy.isError) return <Notice tone="error">{copy.error.message}</Notice>;
  if (copy.page && copy.page.body !== '') return <RichText html={copy.page.body} className={classes.copy} />;
  return fallback ? <Dim>{fallback}</Dim> : null;
}
