// Unsubscribes (admin, funding): /:olympiadName/admin/reports/unsubscribes.
export { UnsubscribesScreen as default } from '../../features/email/components/unsubscribes-screen';
