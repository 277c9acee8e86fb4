// Olympiad Notes (overlord): /overlord/notes/before-olympiad.
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { NoteScreen } from '../../features/overlord/components/note-screen';

export default function OlympiadNotesScreen(props: ScreenComponentProps) {
  return <NoteScreen {...props} topic="before-olympiad" />;
}
