// Settings and Actions (admin): /:olympiadName/admin/settings-and-actions.
export { SettingsScreen as default } from '../../features/paper/components/settings-screen';
