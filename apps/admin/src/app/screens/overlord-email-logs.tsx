// Email Logs (overlord): /overlord/email-logs, every e-mail.
export { EmailLogsScreen as default } from '../../features/email/components/email-logs-screen';
