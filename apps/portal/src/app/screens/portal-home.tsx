// My Olympiads (teacher): /portal.
export { PortalHomeScreen as default } from '../../features/portal-home/components/portal-home-screen';
