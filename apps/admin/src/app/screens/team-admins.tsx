// Team Admins (admin, accountant, funding): /:olympiadName/funding/edit/team-admins, /:olympiadName/admin/edit/team-admins.
// Its contents belong to a later issue; until then it shows its title.
export { ScreenPlaceholder as default } from '@olympiad/shared/screens/screen-placeholder';
