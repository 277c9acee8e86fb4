// Common Issues (overlord): /overlord/notes/common-issues.
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { NoteScreen } from '../../features/overlord/components/note-screen';

export default function CommonIssuesScreen(props: ScreenComponentProps) {
  return <NoteScreen {...props} topic="common-issues" />;
}
