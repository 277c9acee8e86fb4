// Search (overlord): /overlord/search.
export { SearchScreen as default } from '../../features/overlord/components/search-screen';
