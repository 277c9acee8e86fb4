// Every question at a glance, by module: answered, not answered, flagged; any one a tap away. Folded
// away on a phone until opened.
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { useWords } from '../language';

export type MapEntry = { number: number; href: string; answered: boolean; flagged: boolean; current: boolean };
export type MapModule = { title: string; entries: MapEntry[] };

/** Rendered again only when the answers or the question shown change, not at the clock's tick. */
export const QuestionMap = memo(function QuestionMap({ modules, answered, total }: { modules: MapModule[]; answered: number; total: number }) {
  const words = useWords();
  return (
    <details className="sitting-map">
      <summary>
        {words.mapTitle} <span className="sitting-map__summary">({words.mapSummary(answered, total)})</span>
      </summary>
      <ul className="sitting-map__legend" aria-hidden="true">
        <li>
          <span className="sitting-map__swatch sitting-map__swatch--answered" /> {words.mapAnswered}
        </li>
        <li>
          <span className="sitting-map__swatch" /> {words.mapUnanswered}
        </li>
        <li>
          <span className="sitting-map__swatch sitting-map__swatch--flagged" /> {words.mapFlagged}
        </li>
      </ul>
      {modules.map((module) => (
        <nav key={module.title} className="sitting-map__module" aria-label={`${words.mapTitle}: ${module.title}`}>
          {modules.length > 1 && <h2 className="sitting-map__title">{module.title}</h2>}
          <ol className="sitting-map__grid">
            {module.entries.map((entry) => (
              <li key={entry.number}>
                <Link
                  to={entry.href}
                  replace
                  className={`sitting-map__cell${entry.answered ? ' sitting-map__cell--answered' : ''}${entry.flagged ? ' sitting-map__cell--flagged' : ''}`}
                  aria-current={entry.current ? 'step' : undefined}
                  aria-label={words.mapButton(entry.number, entry.answered, entry.flagged)}
                >
                  {entry.number}
                </Link>
              </li>
            ))}
          </ol>
        </nav>
      ))}
    </details>
  );
});
