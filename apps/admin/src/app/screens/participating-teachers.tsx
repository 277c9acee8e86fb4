// Teachers (admin, accountant, funding): /:olympiadName/admin/edit/participating-teachers, /:olympiadName/finance/edit/participating-teachers, /:olympiadName/funding/edit/participating-teachers.
// Its contents belong to a later issue; until then it shows its title.
export { ScreenPlaceholder as default } from '@olympiad/shared/screens/screen-placeholder';
