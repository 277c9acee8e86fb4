// Express Interest (public): /:projectName/express-interest.
export { ExpressInterestScreen as default } from '../../features/interest/components/express-interest-screen';
