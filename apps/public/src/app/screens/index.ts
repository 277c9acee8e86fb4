// One lazily loaded chunk per screen of this app, by the access matrix's screen key. A test checks that
// every screen of the matrix has its entry here.
import type { ScreenLoaders } from '@olympiad/shared/router/screen-types';

export const screens: ScreenLoaders = {
  productHome: () => import(/* webpackChunkName: "screen-product-home" */ './product-home'),
  productAbout: () => import(/* webpackChunkName: "screen-product-about" */ './product-about'),
  productPartners: () => import(/* webpackChunkName: "screen-product-partners" */ './product-partners'),
  productFaq: () => import(/* webpackChunkName: "screen-product-faq" */ './product-faq'),
  productContact: () => import(/* webpackChunkName: "screen-product-contact" */ './product-contact'),
  productUsers: () => import(/* webpackChunkName: "screen-product-users" */ './product-users'),
  projectHome: () => import(/* webpackChunkName: "screen-project-home" */ './project-home'),
  myTutor: () => import(/* webpackChunkName: "screen-my-tutor" */ './my-tutor'),
  expressInterest: () => import(/* webpackChunkName: "screen-express-interest" */ './express-interest'),
  topResults: () => import(/* webpackChunkName: "screen-top-results" */ './top-results'),
  projectAbout: () => import(/* webpackChunkName: "screen-project-about" */ './project-about'),
  participationAndRules: () => import(/* webpackChunkName: "screen-participation-and-rules" */ './participation-and-rules'),
  pastOlympiads: () => import(/* webpackChunkName: "screen-past-olympiads" */ './past-olympiads'),
  pastWinners: () => import(/* webpackChunkName: "screen-past-winners" */ './past-winners'),
  projectContact: () => import(/* webpackChunkName: "screen-project-contact" */ './project-contact'),
  projectFaq: () => import(/* webpackChunkName: "screen-project-faq" */ './project-faq'),
  maintenance: () => import(/* webpackChunkName: "screen-maintenance" */ './maintenance'),
  verifyEmail: () => import(/* webpackChunkName: "screen-verify-email" */ './verify-email'),
  unsubscribe: () => import(/* webpackChunkName: "screen-unsubscribe" */ './unsubscribe'),
  watch: () => import(/* webpackChunkName: "screen-watch" */ './watch'),
  myTutorLanding: () => import(/* webpackChunkName: "screen-my-tutor-landing" */ './my-tutor-landing'),
  emailValidation: () => import(/* webpackChunkName: "screen-email-validation" */ './email-validation'),
  notFound: () => import(/* webpackChunkName: "screen-not-found" */ './not-found'),
};
