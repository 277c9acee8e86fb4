// Accounts (overlord): /overlord/edit/accounts.
export { AccountsScreen as default } from '../../features/overlord/components/accounts-screen';
