// Interested and Affected Parties (admin, funding): the olympiad office's useful contacts.
export { ContactsScreen as default } from '../../features/contacts/components/contacts-screen';
