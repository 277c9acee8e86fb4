// Participating Countries (admin, accountant, funding): the countries entered in this olympiad.
export { ParticipatingCountriesScreen as default } from '../../features/countries/components/participating-countries-screen';
