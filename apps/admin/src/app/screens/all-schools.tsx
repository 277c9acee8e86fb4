// All Schools (overlord): every school in every olympiad.
export { SchoolsScreen as default } from '../../features/schools/components/schools-screen';
