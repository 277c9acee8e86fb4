// Participating Learners (admin): the learners entered in this olympiad.
export { ParticipatingLearnersScreen as default } from '../../features/learners/components/participating-learners-screen';
