// Mass Mail Queue (overlord): /overlord/mass-mail-queue.
export { QueueScreen as default } from '../../features/email/components/queue-screen';
