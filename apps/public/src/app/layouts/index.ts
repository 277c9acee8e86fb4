import type { LayoutLoaders } from '@olympiad/shared/router/screen-types';

export const layouts: LayoutLoaders = {
  public: () => import(/* webpackChunkName: "layout-public" */ './public-layout'),
  plain: () => import(/* webpackChunkName: "layout-plain" */ '@olympiad/shared/layouts/plain-layout'),
};
