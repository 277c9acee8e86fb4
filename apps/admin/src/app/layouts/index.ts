import type { LayoutLoaders } from '@olympiad/shared/router/screen-types';

export const layouts: LayoutLoaders = {
  admin: () => import(/* webpackChunkName: "layout-admin" */ './admin-layout'),
  overlord: () => import(/* webpackChunkName: "layout-overlord" */ './overlord-layout'),
};
