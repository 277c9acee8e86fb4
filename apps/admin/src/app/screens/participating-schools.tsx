// Participating Schools (admin, accountant, funding): /:olympiadName/admin/edit/participating-schools, /:olympiadName/finance/edit/participating-schools, /:olympiadName/funding/edit/participating-schools.
// Its contents belong to a later issue; until then it shows its title.
export { ScreenPlaceholder as default } from '@olympiad/shared/screens/screen-placeholder';
