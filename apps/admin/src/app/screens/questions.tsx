// Questions (admin): /:olympiadName/admin/edit/questions.
export { QuestionsScreen as default } from '../../features/paper/components/questions-screen';
