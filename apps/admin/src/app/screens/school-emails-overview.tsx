// School Emails Overview (overlord): /overlord/school-emails-overview.
export { SchoolEmailsOverviewScreen as default } from '../../features/email/components/school-emails-overview-screen';
