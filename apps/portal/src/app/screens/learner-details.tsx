// Update Details (learner): /:olympiadName/olympiad/learner-details.
export { LearnerDetailsScreen as default } from '../../features/sitting/components/learner-details-screen';
