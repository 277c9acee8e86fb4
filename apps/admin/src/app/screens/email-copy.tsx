// Email Copy (overlord): /overlord/edit/email-copy, the platform's copy of the system e-mails.
export { SystemEmailsScreen as default } from '../../features/email/components/system-emails-screen';
