// Bounces (overlord): /overlord/bounces.
export { BouncesScreen as default } from '../../features/email/components/bounces-screen';
