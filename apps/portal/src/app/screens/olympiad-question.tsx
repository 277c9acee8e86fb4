// Olympiad (learner): /:olympiadName/olympiad/:moduleIndex/:questionIndex, one question a screen.
export { QuestionScreen as default } from '../../features/sitting/components/question-screen';
