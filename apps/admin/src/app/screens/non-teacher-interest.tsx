// Non-Teacher Interest (overlord): /overlord/learner-parent-interest.
export { NonTeacherInterestScreen as default } from '../../features/overlord/components/non-teacher-interest-screen';
