// Unsubscribes (overlord): /overlord/unsubscribes.
export { UnsubscribesScreen as default } from '../../features/email/components/unsubscribes-screen';
