// /:projectName/top-results: the page's copy (Website Copy), then the best learners of each grade and
// the best schools of the project's newest released olympiad, from its final results.
import { useParams } from 'react-router-dom';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { SiteCopy } from '../../pages/copy-page';
import { Dim, Loading, Notice } from '../../site/public-ui';
import { useTopResults } from '../api/get-public-results';
import { LearnersByGrade, TopSchoolsTable } from './results-tables';

export function TopResultsScreen({ route }: ScreenComponentProps) {
  const { projectName = '' } = useParams();
  const results = useTopResults(projectName);
  return (
    <div className="public-stack public-wide">
      <h1>{route.title}</h1>
      <SiteCopy site={projectName} pageKey="top-results" />
      {results.isPending ? (
        <Loading label="Loading the results" />
      ) : results.isError ? (
        <Notice tone="error">{results.error.message}</Notice>
      ) : results.data === null || results.data === undefined ? (
        <Dim>The results of this year's olympiad are not released yet.</Dim>
      ) : (
        <>
          <p className="public-lead">
            {results.data.olympiad} ({results.data.year}): the ten best learners of each grade, and the ten best schools.
          </p>
          <LearnersByGrade results={results.data} headingLevel={2} />
          <section aria-labelledby="top-schools">
            <h2 id="top-schools">Top schools</h2>
            <p className="public-dim">Ranked by the mean of each school's best five scores.</p>
            <TopSchoolsTable results={results.data} />
          </section>
        </>
      )}
    </div>
  );
}
