// Participating Schools (admin, accountant, funding): the schools entered in this olympiad.
export { ParticipatingSchoolsScreen as default } from '../../features/entries/components/participating-schools-screen';
