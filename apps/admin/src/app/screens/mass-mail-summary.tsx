// Mass Mail Summary (overlord): /overlord/mass-mail-summary.
export { SummaryScreen as default } from '../../features/email/components/summary-screen';
