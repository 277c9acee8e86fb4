// The public app: the product's suite site, each project's site, and the other public pages.
import { startApp } from '@olympiad/shared/router/start-app';
import { productSlug } from '@olympiad/shared/access/product';
import { projectsQuery } from '@olympiad/shared/features/projects/api/get-projects';
import { sitePagesQuery } from '@olympiad/shared/features/content/api/get-site-pages';
import { screens } from './app/screens';
import { layouts } from './app/layouts';
import { seedServerAnswers } from './app/server-answers';
import './server-copy.css';

/** First-segment pages that belong to no project's site. */
const NOT_A_PROJECT = new Set(['verify-email', 'unsubscribe', 'maintenance', 'email-validation-page', 'mytutor']);

/** The site whose copy the page at `path` shows: the product's, a project's, or none. */
function siteOf(path: string): string | null {
  const [first, ...rest] = path.split('/').filter(Boolean);
  if (first === undefined || first === productSlug() || (first === 'mytutor' && rest.length === 0)) return productSlug();
  if (NOT_A_PROJECT.has(first) || rest.length > 1) return null;
  return first;
}

const start = () =>
  startApp({
    app: 'public',
    screens,
    layouts,
    // Every public page shows the projects (its menu, its name) and most its site's copy: both calls
    // start with the app, beside the scripts of the layout and the screen, rather than after them.
    prefetch: (queryClient) => {
      seedServerAnswers(queryClient);
      void queryClient.prefetchQuery(projectsQuery());
      const site = siteOf(window.location.pathname);
      if (site) void queryClient.prefetchQuery(sitePagesQuery(site));
    },
  });

// The server's heading and copy are painted first: the app's start is a phone's longest task, and a
// visitor reads meanwhile.
requestAnimationFrame(() => setTimeout(start, 0));
