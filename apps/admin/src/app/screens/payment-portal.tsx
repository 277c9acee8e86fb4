// Payment Portal (accountant, funding): /:olympiadName/finance/payments, /:olympiadName/funding/payments.
export { PaymentPortalScreen as default } from '../../features/payments/components/payment-portal-screen';
