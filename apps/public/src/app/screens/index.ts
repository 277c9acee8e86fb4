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
  projectHome: () => import(/* webpackChunkName: "screen-project-home" */ '../../features/projects/components/project-home-screen').then(({ ProjectHomeScreen }) => ({ default: ProjectHomeScreen })),
  myTutor: () => import(/* webpackChunkName: "screen-my-tutor" */ './my-tutor'),
  expressInterest: () => import(/* webpackChunkName: "screen-express-interest" */ '../../features/interest/components/express-interest-screen').then(({ ExpressInterestScreen }) => ({ default: ExpressInterestScreen })),
  topResults: () => import(/* webpackChunkName: "screen-top-results" */ '../../features/results/components/top-results-screen').then(({ TopResultsScreen }) => ({ default: TopResultsScreen })),
  projectAbout: () => import(/* webpackChunkName: "screen-project-about" */ './project-about'),
  participationAndRules: () => import(/* webpackChunkName: "screen-participation-and-rules" */ './participation-and-rules'),
  pastOlympiads: () => import(/* webpackChunkName: "screen-past-olympiads" */ './past-olympiads'),
  pastWinners: () => import(/* webpackChunkName: "screen-past-winners" */ '../../features/results/components/past-winners-screen').then(({ PastWinnersScreen }) => ({ default: PastWinnersScreen })),
  projectContact: () => import(/* webpackChunkName: "screen-project-contact" */ './project-contact'),
  projectFaq: () => import(/* webpackChunkName: "screen-project-faq" */ './project-faq'),
  maintenance: () => import(/* webpackChunkName: "screen-maintenance" */ './maintenance'),
  verifyEmail: () => import(/* webpackChunkName: "screen-verify-email" */ '../../features/interest/components/verify-email-screen').then(({ VerifyEmailScreen }) => ({ default: VerifyEmailScreen })),
  unsubscribe: () => import(/* webpackChunkName: "screen-unsubscribe" */ '../../features/email/components/unsubscribe-screen').then(({ UnsubscribeScreen }) => ({ default: UnsubscribeScreen })),
  watch: () => import(/* webpackChunkName: "screen-watch" */ '../../features/projects/components/watch-screen').then(({ WatchScreen }) => ({ default: WatchScreen })),
  myTutorLanding: () => import(/* webpackChunkName: "screen-my-tutor-landing" */ './my-tutor-landing'),
  emailValidation: () => import(/* webpackChunkName: "screen-email-validation" */ '../../features/email/components/email-validation-screen').then(({ EmailValidationScreen }) => ({ default: EmailValidationScreen })),
  notFound: () => import(/* webpackChunkName: "screen-not-found" */ './not-found'),
};
