// Schools (admin, accountant, funding, marketing): every school and its entry in this olympiad.
export { SchoolsScreen as default } from '../../features/schools/components/schools-screen';
