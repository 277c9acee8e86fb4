// All Teachers (admin, accountant, funding): /:olympiadName/admin/edit/all-teachers, /:olympiadName/finance/edit/all-teachers, /:olympiadName/funding/edit/all-teachers.
// Its contents belong to a later issue; until then it shows its title.
export { ScreenPlaceholder as default } from '@olympiad/shared/screens/screen-placeholder';
