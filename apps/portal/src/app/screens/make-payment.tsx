// Make Payment (public): /portal/pay/:uuid/:state?.
export { MakePaymentScreen as default } from '../../features/payment/components/make-payment-screen';
