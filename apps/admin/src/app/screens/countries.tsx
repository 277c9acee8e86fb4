// Countries (admin, accountant, funding): the igeo countries.
export { CountriesScreen as default } from '../../features/countries/components/countries-screen';
