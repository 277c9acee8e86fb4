// Set Password (public): /reset-password/:token, opened from the e-mailed link.
export { ResetPasswordScreen as default } from '../../features/password/components/reset-password-screen';
