// Expressions of Interest (admin, accountant, funding): /:olympiadName/admin/eoi, /:olympiadName/finance/eoi, /:olympiadName/funding/eoi.
// Its contents belong to a later issue; until then it shows its title.
export { ScreenPlaceholder as default } from '@olympiad/shared/screens/screen-placeholder';
