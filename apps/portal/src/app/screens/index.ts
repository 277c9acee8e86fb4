// One lazily loaded chunk per screen of this app, by the access matrix's screen key. A test checks that
// every screen of the matrix has its entry here.
import type { ScreenLoaders } from '@olympiad/shared/router/screen-types';

export const screens: ScreenLoaders = {
  instructions: () => import(/* webpackChunkName: "screen-instructions" */ '../../features/sitting/components/instructions-screen').then(({ InstructionsScreen }) => ({ default: InstructionsScreen })),
  declaration: () => import(/* webpackChunkName: "screen-declaration" */ '../../features/sitting/components/declaration-screen').then(({ DeclarationScreen }) => ({ default: DeclarationScreen })),
  recoveryPin: () => import(/* webpackChunkName: "screen-recovery-pin" */ '../../features/sitting/components/recovery-pin-screen').then(({ RecoveryPinScreen }) => ({ default: RecoveryPinScreen })),
  learnerDetails: () => import(/* webpackChunkName: "screen-learner-details" */ '../../features/sitting/components/learner-details-screen').then(({ LearnerDetailsScreen }) => ({ default: LearnerDetailsScreen })),
  olympiadQuestion: () => import(/* webpackChunkName: "screen-olympiad-question" */ '../../features/sitting/components/question-screen').then(({ QuestionScreen }) => ({ default: QuestionScreen })),
  finished: () => import(/* webpackChunkName: "screen-finished" */ '../../features/sitting/components/finished-screen').then(({ FinishedScreen }) => ({ default: FinishedScreen })),
  portalHome: () => import(/* webpackChunkName: "screen-portal-home" */ '../../features/portal-home/components/portal-home-screen').then(({ PortalHomeScreen }) => ({ default: PortalHomeScreen })),
  portalFaq: () => import(/* webpackChunkName: "screen-portal-faq" */ './portal-faq'),
  myProfile: () => import(/* webpackChunkName: "screen-my-profile" */ '../../features/profile/components/profile-screen').then(({ ProfileScreen }) => ({ default: ProfileScreen })),
  updatePassword: () => import(/* webpackChunkName: "screen-update-password" */ '../../features/password/components/update-password-form').then(({ UpdatePasswordScreen }) => ({ default: UpdatePasswordScreen })),
  portalOlympiad: () => import(/* webpackChunkName: "screen-portal-olympiad" */ '../../features/school/components/entry-checklist-screen').then(({ EntryChecklistScreen }) => ({ default: EntryChecklistScreen })),
  portalCertificates: () => import(/* webpackChunkName: "screen-portal-certificates" */ '../../features/certificates/components/portal-certificates-screen').then(({ PortalCertificatesScreen }) => ({ default: PortalCertificatesScreen })),
  portalInvoices: () => import(/* webpackChunkName: "screen-portal-invoices" */ '../../features/invoices/components/portal-invoices-screen').then(({ PortalInvoicesScreen }) => ({ default: PortalInvoicesScreen })),
  loadLearners: () => import(/* webpackChunkName: "screen-load-learners" */ '../../features/load-learners/components/load-learners-screen').then(({ LoadLearnersScreen }) => ({ default: LoadLearnersScreen })),
  portalOlympiadFaq: () => import(/* webpackChunkName: "screen-portal-olympiad-faq" */ './portal-olympiad-faq'),
  portalSchool: () => import(/* webpackChunkName: "screen-portal-school" */ '../../features/school/components/my-school-screen').then(({ MySchoolScreen }) => ({ default: MySchoolScreen })),
  portalTeam: () => import(/* webpackChunkName: "screen-portal-team" */ '../../features/school/components/my-team-screen').then(({ MyTeamScreen }) => ({ default: MyTeamScreen })),
  makePayment: () => import(/* webpackChunkName: "screen-make-payment" */ '../../features/payment/components/make-payment-screen').then(({ MakePaymentScreen }) => ({ default: MakePaymentScreen })),
  login: () => import(/* webpackChunkName: "screen-login" */ '../../features/login/components/login-screen').then(({ LoginScreen }) => ({ default: LoginScreen })),
  resetPassword: () => import(/* webpackChunkName: "screen-reset-password" */ '../../features/password/components/reset-password-screen').then(({ ResetPasswordScreen }) => ({ default: ResetPasswordScreen })),
};
