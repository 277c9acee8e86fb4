// Browse certificates (admin): /:olympiadName/admin/results/browse-certificates.
export { BrowseCertificatesScreen as default } from '../../features/results/components/browse-certificates-screen';
