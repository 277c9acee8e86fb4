// Shunned Emails (overlord): /overlord/shunned-emails.
export { ShunnedEmailsScreen as default } from '../../features/email/components/shunned-emails-screen';
