// Starts one of the three apps: old hash links, the route table from the access matrix, server state,
// notifications and the loading indicator.
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { AppName } from '../access/access-matrix';
import { followHashLink } from '../access/hash-links';
import { buildRouteTable } from '../access/route-table';
import { AppRoutes } from './app-routes';
import { createQueryClient } from './query-client';
import { setCurrentApp } from './navigation';
import type { LayoutLoaders, ScreenLoaders } from './screen-types';
import { NotificationsViewport } from '../ui/lean/notifications-viewport';
import { LoadingBar } from '../ui/lean/loading-bar';
import '../ui/lean/lean.css';

export type AppDefinition = {
  app: AppName;
  screens: ScreenLoaders;
  layouts: LayoutLoaders;
  notFound?: ComponentType;
  /** Starts the first page's calls at once, beside its layout's and screen's scripts (the public sites). */
  prefetch?: (queryClient: QueryClient) => void;
};

export function startApp({ app, screens, layouts, notFound, prefetch }: AppDefinition): void {
  setCurrentApp(app);
  if (followHashLink(app)) return;
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const routes = buildRouteTable(app);
  const queryClient = createQueryClient();
  prefetch?.(queryClient);
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes routes={routes} screens={screens} layouts={layouts} {...(notFound ? { notFound } : {})} />
        </BrowserRouter>
        <NotificationsViewport />
        <LoadingBar />
      </QueryClientProvider>
    </StrictMode>,
  );
}
