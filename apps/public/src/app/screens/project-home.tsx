// Home (public): /:projectName, /:projectName/home.
export { ProjectHomeScreen as default } from '../../features/projects/components/project-home-screen';
