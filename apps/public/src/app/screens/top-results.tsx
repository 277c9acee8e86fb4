// Top Results (public): /:projectName/top-results.
export { TopResultsScreen as default } from '../../features/results/components/top-results-screen';
