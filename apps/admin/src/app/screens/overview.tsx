// Overview (admin): /:olympiadName/admin/reports/overview.
export { OverviewScreen as default } from '../../features/overview/components/overview-screen';
