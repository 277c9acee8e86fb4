// The route tree of one app, built from its route table: a lazily loaded layout per layout name, a
// lazily loaded screen per key, and the section 6 guard in front of both (so that a visitor who is sent
// to /login downloads neither).
import { lazy, Suspense, useEffect, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes, Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import type { LayoutName } from '../access/access-matrix';
import { guard } from '../access/guard';
import type { AppRoute } from '../access/route-table';
import { setNavItem } from '../app-state/app-state';
import { useStoredUserText } from '../session/stored-user';
import { ChunkErrorBoundary } from './chunk-error-boundary';
import { servedHere } from './navigation';
import type { LayoutComponentProps, LayoutLoaders, ScreenComponentProps, ScreenLoaders } from './screen-types';
import { PageLoading } from '../ui/lean/page-loading';
import { NotFoundScreen } from '../screens/not-found-screen';

type AppRoutesProps = {
  routes: AppRoute[];
  screens: ScreenLoaders;
  layouts: LayoutLoaders;
  /** Shown for paths no route matches; every app shows the not-found page. */
  notFound?: ComponentType;
};

export function Redirect({ to }: { to: string }) {
  const here = servedHere(to);
  useEffect(() => {
    if (!here) window.location.replace(to);
  }, [here, to]);
  return here ? <Navigate to={to} replace /> : <PageLoading />;
}

function useLazyComponents<P>(loaders: Partial<Record<string, () => Promise<{ default: ComponentType<P> }>>>) {
  return useMemo(() => {
    const components = new Map<string, LazyExoticComponent<ComponentType<P>>>();
    for (const [name, load] of Object.entries(loaders)) if (load) components.set(name, lazy(load));
    return components;
  }, [loaders]);
}

function LayoutGate({
  layoutRoutes,
  routes,
  Layout,
  screens,
}: {
  layoutRoutes: AppRoute[];
  routes: AppRoute[];
  Layout: ComponentType<LayoutComponentProps>;
  screens: ScreenLoaders;
}) {
  const location = useLocation();
  const storedUser = useStoredUserText();
  const matched = matchRoutes(
    layoutRoutes.map((route) => ({ path: route.path, id: route.id })),
    location,
  )?.[0];
  const route = layoutRoutes.find((candidate) => candidate.id === matched?.route.id);
  if (!route) return <Outlet />;
  const decision = guard(route, storedUser);
  if (!decision.allow) return <Redirect to={decision.redirectTo} />;
  // The screen's script loads beside the layout's, not after it (the loader's promise is kept by the
  // bundler, so the screen's lazy component gets the same one; a failure shows there).
  screens[route.key]?.().catch(() => {});
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <Layout route={route} routes={routes}>
          <ChunkErrorBoundary>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </ChunkErrorBoundary>
        </Layout>
      </Suspense>
    </ChunkErrorBoundary>
  );
}

function ScreenElement({ route, Screen }: { route: AppRoute; Screen: ComponentType<ScreenComponentProps> }) {
  useEffect(() => {
    setNavItem(route.key);
    // Public pages carry the title and description the server wrote for them (SEO); their screens set
    // a better one once they know the project.
    if (route.layout !== 'public') document.title = `${route.title} · Olympiads`;
  }, [route.key, route.title, route.layout]);
  return <Screen route={route} />;
}

function PassThroughLayout({ children }: LayoutComponentProps) {
  return <>{children}</>;
}

export function AppRoutes({ routes, screens, layouts, notFound: NotFound = NotFoundScreen }: AppRoutesProps) {
  const screenComponents = useLazyComponents<ScreenComponentProps>(screens);
  const layoutComponents = useLazyComponents<LayoutComponentProps>(layouts);
  const layoutNames = [...new Set(routes.map((route) => route.layout))];

  return (
    <Routes>
      {layoutNames.map((layout: LayoutName) => {
        const layoutRoutes = routes.filter((route) => route.layout === layout);
        const Layout = layoutComponents.get(layout) ?? PassThroughLayout;
        return (
          <Route key={layout} element={<LayoutGate layoutRoutes={layoutRoutes} routes={routes} Layout={Layout} screens={screens} />}>
            {layoutRoutes.map((route) => {
              const Screen = screenComponents.get(route.key);
              if (!Screen) throw new Error(`No screen component for "${route.key}"`);
              return <Route key={route.id} path={route.path} element={<ScreenElement route={route} Screen={Screen} />} />;
            })}
          </Route>
        );
      })}
      {!routes.some((route) => route.path === '*') && <Route path="*" element={<NotFound />} />}
    </Routes>
  );
}
