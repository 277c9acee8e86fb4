// One lazily loaded chunk per screen of this app, by the access matrix's screen key. A test checks that
// every screen of the matrix has its entry here.
import type { ScreenLoaders } from '@olympiad/shared/router/screen-types';

export const screens: ScreenLoaders = {
  instructions: () => import(/* webpackChunkName: "screen-instructions" */ './instructions'),
  declaration: () => import(/* webpackChunkName: "screen-declaration" */ './declaration'),
  recoveryPin: () => import(/* webpackChunkName: "screen-recovery-pin" */ './recovery-pin'),
  learnerDetails: () => import(/* webpackChunkName: "screen-learner-details" */ './learner-details'),
  olympiadQuestion: () => import(/* webpackChunkName: "screen-olympiad-question" */ './olympiad-question'),
  finished: () => import(/* webpackChunkName: "screen-finished" */ './finished'),
  portalHome: () => import(/* webpackChunkName: "screen-portal-home" */ './portal-home'),
  portalFaq: () => import(/* webpackChunkName: "screen-portal-faq" */ './portal-faq'),
  myProfile: () => import(/* webpackChunkName: "screen-my-profile" */ './my-profile'),
  updatePassword: () => import(/* webpackChunkName: "screen-update-password" */ './update-password'),
  portalOlympiad: () => import(/* webpackChunkName: "screen-portal-olympiad" */ './portal-olympiad'),
  portalCertificates: () => import(/* webpackChunkName: "screen-portal-certificates" */ './portal-certificates'),
  portalInvoices: () => import(/* webpackChunkName: "screen-portal-invoices" */ './portal-invoices'),
  loadLearners: () => import(/* webpackChunkName: "screen-load-learners" */ './load-learners'),
  portalOlympiadFaq: () => import(/* webpackChunkName: "screen-portal-olympiad-faq" */ './portal-olympiad-faq'),
  portalSchool: () => import(/* webpackChunkName: "screen-portal-school" */ './portal-school'),
  portalTeam: () => import(/* webpackChunkName: "screen-portal-team" */ './portal-team'),
  makePayment: () => import(/* webpackChunkName: "screen-make-payment" */ './make-payment'),
  login: () => import(/* webpackChunkName: "screen-login" */ './login'),
  resetPassword: () => import(/* webpackChunkName: "screen-reset-password" */ './reset-password'),
};
