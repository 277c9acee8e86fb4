// Question Modules (admin): /:olympiadName/admin/edit/question-modules.
export { ModulesScreen as default } from '../../features/paper/components/modules-screen';
