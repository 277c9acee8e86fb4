// Mass Mailers (admin, funding): /:olympiadName/admin/edit/mass-mailers, /:olympiadName/funding/edit/mass-mailers.
// Its contents belong to a later issue; until then it shows its title.
export { ScreenPlaceholder as default } from '@olympiad/shared/screens/screen-placeholder';
