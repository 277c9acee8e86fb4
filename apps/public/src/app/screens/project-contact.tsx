// Contact (public): /:projectName/contact, the project office's details and a form that reaches it.
import { useParams } from 'react-router-dom';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { CopyPage } from '../../features/pages/copy-page';
import { MessageForm } from '../../features/pages/components/message-form';

export default function ProjectContactScreen({ route }: ScreenComponentProps) {
  const { projectName = '' } = useParams();
  return (
    <CopyPage kind="project" pageKey="contact" title={route.title}>
      <MessageForm kind="contact" projectName={projectName} heading="Send the olympiad office a message" />
    </CopyPage>
  );
}
