// Learner Logins (overlord): /overlord/learner-login-activity.
export { LearnerLoginsScreen as default } from '../../features/overlord/components/learner-logins-screen';
