// Olympiad (teacher): /portal/:olympiadName, the checklist of the school's entry.
export { EntryChecklistScreen as default } from '../../features/school/components/entry-checklist-screen';
