// All teachers (admin, accountant, funding): one teachers screen, scoped by its route.
export { TeachersScreen as default } from '../../features/teachers/components/teachers-screen';
