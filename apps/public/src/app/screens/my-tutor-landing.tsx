// MyTutor (public): /mytutor, what MyTutor offers, and each olympiad's MyTutor form.
import { AppLink } from '@olympiad/shared/router/app-link';
import { useProjects } from '@olympiad/shared/features/projects/api/get-projects';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { CopyPage } from '../../features/pages/copy-page';

export default function MyTutorLandingScreen({ route }: ScreenComponentProps) {
  const projects = useProjects();
  return (
    <CopyPage kind="product" pageKey="mytutor" title={route.title} fallback="MyTutor helps learners prepare for the olympiads with a tutor. Choose your olympiad.">
      <ul aria-label="MyTutor for each olympiad">
        {(projects.data ?? []).map((project) => (
          <li key={project.id}>
            <AppLink to={`/${project.slug}/mytutor`}>MyTutor for the {project.name}</AppLink>
          </li>
        ))}
      </ul>
    </CopyPage>
  );
}
