// Mass Mailers (admin, funding): /:olympiadName/admin/edit/mass-mailers.
export { MassMailsScreen as default } from '../../features/email/components/mass-mails-screen';
