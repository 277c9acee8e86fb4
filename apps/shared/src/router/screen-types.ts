import type { ComponentType, ReactNode } from 'react';
import type { LayoutName } from '../access/access-matrix';
import type { AppRoute } from '../access/route-table';

export type ScreenComponentProps = { route: AppRoute };
export type ScreenModule = { default: ComponentType<ScreenComponentProps> };
/** One lazily loaded chunk per screen key. */
export type ScreenLoaders = Record<string, () => Promise<ScreenModule>>;

export type LayoutComponentProps = {
  /** The route being shown. */
  route: AppRoute;
  /** Every route of this app (for navigation menus). */
  routes: AppRoute[];
  children: ReactNode;
};
export type LayoutModule = { default: ComponentType<LayoutComponentProps> };
export type LayoutLoaders = Partial<Record<LayoutName, () => Promise<LayoutModule>>>;
