// Past Olympiads (public): /:projectName/past-olympiads, the project's olympiads of earlier years, each
// with its winners.
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { api, call } from '@olympiad/shared/api/client';
import { unwrap } from '@olympiad/shared/api/envelope';
import { productSlug } from '@olympiad/shared/access/product';
import { AppLink } from '@olympiad/shared/router/app-link';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { CopyPage } from '../../features/pages/copy-page';
import { Dim, Loading } from '../../features/site/public-ui';

async function getProject(id: string) {
  return unwrap(await call(api.GET('/api/{product}-suite/project/{id}', { params: { path: { product: productSlug(), id } } })));
}

export default function PastOlympiadsScreen({ route }: ScreenComponentProps) {
  const { projectName = '' } = useParams();
  const project = useQuery({ queryKey: ['projects', 'detail', projectName], queryFn: () => getProject(projectName), retry: false });
  return (
    <CopyPage kind="project" pageKey="past-olympiads" title={route.title}>
      {project.isPending && <Loading label="Loading the olympiads" />}
      {project.data && project.data.pastOlympiads.length === 0 && <Dim>No olympiad of an earlier year is on record yet.</Dim>}
      {project.data && project.data.pastOlympiads.length > 0 && (
        <div className="public-stack">
          <div className="public-table-wrap">
            <table className="public-table" aria-label="Past olympiads">
              <thead>
                <tr>
                  <th scope="col">Year</th>
                  <th scope="col">Olympiad</th>
                </tr>
              </thead>
              <tbody>
                {project.data.pastOlympiads.map((olympiad) => (
                  <tr key={olympiad.id}>
                    <td>{olympiad.year}</td>
                    <td>{olympiad.title}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            <AppLink to={`/${projectName}/past-winners`}>See the winners of past olympiads</AppLink>
          </p>
        </div>
      )}
    </CopyPage>
  );
}
