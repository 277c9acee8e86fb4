// Sanity Logs (overlord): /overlord/sanity-logs.
export { SanityScreen as default } from '../../features/overlord/components/sanity-screen';
