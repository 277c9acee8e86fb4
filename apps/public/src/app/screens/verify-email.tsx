// Verify E-mail (public): /verify-email/:uuid.
export { VerifyEmailScreen as default } from '../../features/interest/components/verify-email-screen';
