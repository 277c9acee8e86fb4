// Interested and Affected Parties (admin, funding): /:olympiadName/admin/edit/interested-and-affected-parties, /:olympiadName/funding/edit/interested-and-affected-parties.
// Its contents belong to a later issue; until then it shows its title.
export { ScreenPlaceholder as default } from '@olympiad/shared/screens/screen-placeholder';
