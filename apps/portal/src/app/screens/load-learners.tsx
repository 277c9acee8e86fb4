// Load Learners (teacher): /portal/:olympiadName/load-learners.
export { LoadLearnersScreen as default } from '../../features/load-learners/components/load-learners-screen';
