// System Emails (admin): /:olympiadName/admin/edit/system-emails.
export { SystemEmailsScreen as default } from '../../features/email/components/system-emails-screen';
