// /:projectName and /:projectName/home: a project's own home page: its name and description, its copy
// (Website Copy, the same the server wrote into the page), and its olympiads with their sign-in.
import { useParams } from 'react-router-dom';
import { findProject, useProjects } from '@olympiad/shared/features/projects/api/get-projects';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { OlympiadList } from './olympiad-list';
import { SiteCopy } from '../../pages/copy-page';
import { PublicNotFound } from '../../site/public-not-found';
import { Loading, Notice } from '../../site/public-ui';

export function ProjectHomeScreen(_props: ScreenComponentProps) {
  const { projectName } = useParams();
  const projects = useProjects();
  if (projects.isPending) return <Loading />;
  if (projects.isError) return <Notice tone="error">{projects.error.message}</Notice>;
  const project = findProject(projects.data, projectName);
  // /:projectName catches every one-segment address: one that names no project is simply not found.
  if (!project) return <PublicNotFound />;
  return (
    <div className="public-stack public-narrow">
      <div>
        <h1>{project.name}</h1>
        {project.description && <p className="public-lead">{project.description}</p>}
      </div>
      <SiteCopy site={project.slug} pageKey="home" />
      <section className="public-card" aria-labelledby="project-olympiads">
        <h2 id="project-olympiads">Olympiads</h2>
        <OlympiadList olympiads={project.olympiads} />
      </section>
    </div>
  );
}
