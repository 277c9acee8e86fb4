// All Email Logs (overlord): /overlord/email-logs, every e-mail of every olympiad.
export { EmailLogsScreen as default } from '../../features/email/components/email-logs-screen';
