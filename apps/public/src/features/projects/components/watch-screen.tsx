// "/" (Watch): the product's home, its copy (Website Copy), and every project with its olympiads.
import { productSlug } from '@olympiad/shared/access/product';
import { useProjects } from '@olympiad/shared/features/projects/api/get-projects';
import { AppLink } from '@olympiad/shared/router/app-link';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { OlympiadList } from './olympiad-list';
import { SiteCopy } from '../../pages/copy-page';
import { Loading, Notice } from '../../site/public-ui';

export function WatchScreen(_props: ScreenComponentProps) {
  const projects = useProjects();
  return (
    <div className="public-stack">
      <div className="public-narrow">
        <h1>School olympiads for South African learners</h1>
        <p className="public-lead">
          Learners write the olympiad online at school; teachers enter their school and follow their learners' results. Choose an olympiad to read more or to sign in.
        </p>
      </div>
      <div className="public-narrow">
        <SiteCopy site={productSlug()} pageKey="home" />
      </div>
      {projects.isPending && <Loading label="Loading the olympiads" />}
      {projects.isError && (
        <Notice tone="error" title="The olympiads could not be loaded">
          {projects.error.message}
        </Notice>
      )}
      {projects.data && (
        <ul className="public-cards public-list">
          {projects.data.map((project) => (
            <li key={project.id} className="public-card public-stack">
              <h2>{project.name}</h2>
              {project.description && <p className="public-dim">{project.description}</p>}
              <OlympiadList olympiads={project.olympiads} />
              <p>
                <AppLink to={`/${project.slug}`}>About the {project.name}</AppLink>
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
