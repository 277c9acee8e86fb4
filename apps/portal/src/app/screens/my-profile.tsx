// My Profile (teacher): /portal/my-profile.
export { ProfileScreen as default } from '../../features/profile/components/profile-screen';
