// Certificates (teacher): /portal/:olympiadName/certificates.
export { PortalCertificatesScreen as default } from '../../features/certificates/components/portal-certificates-screen';
