// Payments Dashboard (admin): /:olympiadName/admin/payments.
export { PaymentsDashboardScreen as default } from '../../features/payments/components/payments-dashboard-screen';
