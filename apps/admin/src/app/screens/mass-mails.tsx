// Mass Mails (overlord): /overlord/edit/mass-mails.
export { MassMailsScreen as default } from '../../features/email/components/mass-mails-screen';
