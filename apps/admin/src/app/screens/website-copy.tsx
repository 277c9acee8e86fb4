// Website Copy (admin): the olympiad's project's public site, page by page.
export { WebsiteCopyScreen as default } from '../../features/content/components/website-copy-screen';
