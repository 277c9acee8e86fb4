// Merge Schools (overlord): the merge screen in the mode `schools`.
export { MergeScreen as default } from '../../features/merge/components/merge-screen';
