// Projects (overlord): the product's projects.
export { ProjectsScreen as default } from '../../features/content/components/projects-screen';
