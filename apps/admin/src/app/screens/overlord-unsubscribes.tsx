// All Unsubscribes (overlord): /overlord/unsubscribes, every olympiad's and the global ones.
export { UnsubscribesScreen as default } from '../../features/email/components/unsubscribes-screen';
