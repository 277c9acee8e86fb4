// MyTutor (public): /mytutor, what MyTutor offers, and each olympiad's MyTutor form.
import { Anchor, List } from '@mantine/core';
import { AppLink } from '@olympiad/shared/router/app-link';
import { useProjects } from '@olympiad/shared/features/projects/api/get-projects';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { CopyPage } from '../../features/pages/components/copy-page';

export default function MyTutorLandingScreen({ route }: ScreenComponentProps) {
  const projects = useProjects();
  return (
    <CopyPage kind="product" pageKey="mytutor" title={route.title} fallback="MyTutor helps learners prepare for the olympiads with a tutor. Choose your olympiad.">
      <List aria-label="MyTutor for each olympiad">
        {(projects.data ?? []).map((project) => (
          <List.Item key={project.id}>
            <Anchor component={AppLink} to={`/${project.slug}/mytutor`}>
              MyTutor for the {project.name}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </CopyPage>
  );
}
