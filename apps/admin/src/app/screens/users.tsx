// Users (overlord): /overlord/edit/users.
export { UsersScreen as default } from '../../features/users/components/users-screen';
