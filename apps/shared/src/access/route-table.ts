// Routes as data: one entry per path of every screen (aliases included), straight from the access matrix.
import { generatePath } from 'react-router-dom';
import { accessMatrix, type Access, type AccessMatrix, type AppName, type LayoutName, type Role, type ScreenProps } from './access-matrix';
import { productSlug, withProduct } from './product';

export type RouteParams = Record<string, string | undefined>;

export type AppRoute = {
  /** Unique within the app: the screen key, and the alias number for screens with several paths. */
  id: string;
  key: string;
  title: string;
  /** The matrix's path as declared, before `{product}` is filled in (the guard's exceptions read it). */
  definition: string;
  /** The path handed to the router. */
  path: string;
  layout: LayoutName;
  access: Access;
  roles: Role[];
  props: ScreenProps;
  getHref: (params?: RouteParams) => string;
};

export function buildRouteTable(
  app: AppName,
  { matrix = accessMatrix, product = productSlug() }: { matrix?: AccessMatrix; product?: string } = {},
): AppRoute[] {
  return matrix.screens
    .filter((screen) => screen.app === app && !screen.shadowed)
    .flatMap((screen) =>
      screen.paths.map((definition, alias) => {
        const path = withProduct(definition, product);
        return {
          id: alias === 0 ? screen.key : `${screen.key}.${alias}`,
          key: screen.key,
          title: screen.title,
          definition,
          path,
          layout: screen.layout,
          access: screen.access,
          roles: screen.roles,
          props: screen.props ?? {},
          getHref: (params: RouteParams = {}) => generatePath(path, params),
        } satisfies AppRoute;
      }),
    );
}

/** The first route of a screen whose path starts with `prefix` (an alias chooser), else its first route. */
export function routeOf(routes: AppRoute[], key: string, preferPrefix?: string): AppRoute | undefined {
  const candidates = routes.filter((route) => route.key === key);
  return (preferPrefix && candidates.find((route) => route.path.startsWith(preferPrefix))) || candidates[0];
}
