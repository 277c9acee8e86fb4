// Schools (admin, accountant, funding, marketing): /:olympiadName/admin/edit/schools, /:olympiadName/finance/edit/schools, /:olympiadName/funding/edit/schools, /:olympiadName/marketing/edit/schools.
// Its contents belong to a later issue; until then it shows its title.
export { ScreenPlaceholder as default } from '@olympiad/shared/screens/screen-placeholder';
