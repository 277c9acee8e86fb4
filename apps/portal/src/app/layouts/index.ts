// One lazily loaded chunk per layout. The learner and plain layouts load no UI kit.
import type { LayoutLoaders } from '@olympiad/shared/router/screen-types';

export const layouts: LayoutLoaders = {
  plain: () => import(/* webpackChunkName: "layout-plain" */ '@olympiad/shared/layouts/plain-layout'),
  learner: () => import(/* webpackChunkName: "layout-learner" */ './learner-layout'),
  portal: () => import(/* webpackChunkName: "layout-portal" */ './portal-layout'),
  payment: () => import(/* webpackChunkName: "layout-payment" */ './payment-layout'),
};
