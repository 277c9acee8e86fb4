// View results (admin): /:olympiadName/admin/results/view.
export { ViewResultsScreen as default } from '../../features/results/components/view-results-screen';
