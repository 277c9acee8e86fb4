// MyTutor (public): /:projectName/mytutor, the learner's form for MyTutor, the affiliated tutoring
// service: what it offers (Website Copy), then the learner asks to be contacted.
import { useParams } from 'react-router-dom';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { CopyPage } from '../../features/pages/copy-page';
import { MessageForm } from '../../features/pages/components/message-form';

export default function MyTutorScreen({ route }: ScreenComponentProps) {
  const { projectName = '' } = useParams();
  return (
    <CopyPage kind="project" pageKey="mytutor" title={route.title} fallback="MyTutor helps learners prepare for the olympiad with a tutor.">
      <MessageForm kind="mytutor" projectName={projectName} heading="Ask MyTutor to contact you" />
    </CopyPage>
  );
}
