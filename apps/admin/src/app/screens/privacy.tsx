// Privacy (overlord): /overlord/privacy, a learner's or a teacher's data exported or erased on request.
export { PrivacyScreen as default } from '../../features/privacy/components/privacy-screen';
