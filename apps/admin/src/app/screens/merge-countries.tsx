// Merge Countries (overlord): the merge screen in the mode `countries`.
export { MergeScreen as default } from '../../features/merge/components/merge-screen';
