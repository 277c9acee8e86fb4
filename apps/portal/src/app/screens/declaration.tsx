// No Cheating Declaration (learner): /:olympiadName/olympiad/declaration.
export { DeclarationScreen as default } from '../../features/sitting/components/declaration-screen';
