// Team (teacher): /portal/:olympiadName/team.
export { MyTeamScreen as default } from '../../features/school/components/my-team-screen';
