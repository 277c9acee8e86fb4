// Expressions of Interest (admin, accountant, funding): open, processed and declined, with possible matches.
export { ExpressionsScreen as default } from '../../features/interest/components/expressions-screen';
