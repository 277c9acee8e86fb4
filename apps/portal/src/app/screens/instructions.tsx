// Instructions (learner): /:olympiadName/olympiad/instructions.
export { InstructionsScreen as default } from '../../features/sitting/components/instructions-screen';
