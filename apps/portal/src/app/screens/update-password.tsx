// Update Password (teacher): /portal/update-password.
export { UpdatePasswordScreen as default } from '../../features/password/components/update-password-form';
