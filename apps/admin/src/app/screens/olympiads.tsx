// Olympiads (overlord): /overlord/edit/olympiads.
export { OlympiadsScreen as default } from '../../features/overlord/components/olympiads-screen';
