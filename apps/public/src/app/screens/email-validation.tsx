// E-mail Validation (public): /email-validation-page.
export { EmailValidationScreen as default } from '../../features/email/components/email-validation-screen';
