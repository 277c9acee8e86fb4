// Watch (public): /, the product's home.
export { WatchScreen as default } from '../../features/projects/components/watch-screen';
