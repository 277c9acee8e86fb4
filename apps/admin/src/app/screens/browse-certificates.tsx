// Browse certificates (admin): /:olympiadName/admin/results/browse-certificates.
// Its contents belong to a later issue; until then it shows its title.
export { ScreenPlaceholder as default } from '@olympiad/shared/screens/screen-placeholder';
