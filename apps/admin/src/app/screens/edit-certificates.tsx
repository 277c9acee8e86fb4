// Edit certificates (admin): /:olympiadName/admin/results/edit-certificates.
export { EditCertificatesScreen as default } from '../../features/results/components/edit-certificates-screen';
