// Unsubscribe (public): /:olympiadName/unsubscribe/:ref? and /unsubscribe/:ref?.
export { UnsubscribeScreen as default } from '../../features/email/components/unsubscribe-screen';
