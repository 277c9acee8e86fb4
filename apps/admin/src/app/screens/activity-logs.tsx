// Activity Logs (overlord): /overlord/activity-logs.
export { ActivityLogScreen as default } from '../../features/overlord/components/activity-log-screen';
