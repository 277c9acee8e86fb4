// Overlord Overview (overlord): /overlord/overview.
export { OverlordOverviewScreen as default } from '../../features/overlord/components/overlord-overview-screen';
