// Learners (admin): the learners of the schools entered in this olympiad.
export { LearnersScreen as default } from '../../features/learners/components/learners-screen';
