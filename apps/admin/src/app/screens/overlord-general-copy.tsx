// General Copy (overlord): the platform's texts and every public site's pages.
export { OverlordGeneralCopyScreen as default } from '../../features/content/components/overlord-general-copy-screen';
