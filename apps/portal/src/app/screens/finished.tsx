// Finished (any signed-in user): /:olympiadName/olympiad/finished.
export { FinishedScreen as default } from '../../features/sitting/components/finished-screen';
