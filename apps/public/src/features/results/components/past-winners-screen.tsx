// /:projectName/past-winners: the page's copy (Website Copy), then the first three of each grade of
// every released olympiad of the project, newest first, from each one's final results.
import { useParams } from 'react-router-dom';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';
import { SiteCopy } from '../../pages/copy-page';
import { Dim, Loading, Notice } from '../../site/public-ui';
import { usePastWinners } from '../api/get-public-results';
import { LearnersByGrade } from './results-tables';

export function PastWinnersScreen({ route }: ScreenComponentProps) {
  const { projectName = '' } = useParams();
  const winners = usePastWinners(projectName);
  return (
    <div className="public-stack public-wide">
      <h1>{route.title}</h1>
      <SiteCopy site={projectName} pageKey="past-winners" />
      {winners.isPending ? (
        <Loading label="Loading the winners" />
      ) : winners.isError ? (
        <Notice tone="error">{winners.error.message}</Notice>
      ) : winners.data.length === 0 ? (
        <Dim>No olympiad of this project has released its results yet.</Dim>
      ) : (
        winners.data.map((olympiad) => (
          <section key={`${olympiad.olympiad}-${olympiad.year}`} className="public-card" aria-label={`${olympiad.olympiad} (${olympiad.year})`}>
            <h2>
              {olympiad.olympiad} ({olympiad.year})
            </h2>
            <LearnersByGrade results={olympiad} headingLevel={3} />
          </section>
        ))
      )}
    </div>
  );
}
