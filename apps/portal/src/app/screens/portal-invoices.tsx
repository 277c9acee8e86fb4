// Invoices (teacher): /portal/:olympiadName/invoices.
export { PortalInvoicesScreen as default } from '../../features/invoices/components/portal-invoices-screen';
