// Verify Questions (admin): /:olympiadName/admin/reports/verify-questions.
export { VerifyScreen as default } from '../../features/paper/components/verify-screen';
