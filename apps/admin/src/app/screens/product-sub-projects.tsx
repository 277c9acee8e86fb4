// Sub Projects (overlord): the parts of projects with their own olympiads.
export { SubProjectsScreen as default } from '../../features/content/components/sub-projects-screen';
