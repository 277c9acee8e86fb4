// Recovery Code (learner): /:olympiadName/olympiad/recovery-pin.
export { RecoveryPinScreen as default } from '../../features/sitting/components/recovery-pin-screen';
