// Email Logs (admin): /:olympiadName/admin/reports/email-logs.
export { EmailLogsScreen as default } from '../../features/email/components/email-logs-screen';
