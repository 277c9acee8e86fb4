// Past Winners (public): /:projectName/past-winners.
export { PastWinnersScreen as default } from '../../features/results/components/past-winners-screen';
