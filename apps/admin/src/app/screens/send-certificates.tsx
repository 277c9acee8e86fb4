// Send Certificates (admin): /:olympiadName/admin/results/generate-and-send-certificates.
export { SendCertificatesScreen as default } from '../../features/results/components/send-certificates-screen';
