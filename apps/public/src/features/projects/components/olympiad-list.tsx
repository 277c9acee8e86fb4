import type { ProjectOlympiad } from '@olympiad/shared/features/projects/api/get-projects';
import { Dim } from '../../site/public-ui';

/** A project's olympiads, open ones first, each with its sign-in. */
export function OlympiadList({ olympiads }: { olympiads: ProjectOlympiad[] }) {
  if (olympiads.length === 0) return <Dim>No olympiad is scheduled yet.</Dim>;
  const sorted = [...olympiads].sort((a, b) => Number(b.isOpen) - Number(a.isOpen) || b.year - a.year);
  return (
    <ul className="public-list">
      {sorted.map((olympiad) => (
        <li key={olympiad.id} className="public-olympiad">
          <div>
            <p>{olympiad.title}</p>
            {olympiad.isOpen ? <span className="public-badge public-badge--open">Open for entries</span> : <span className="public-badge">{olympiad.year}</span>}
          </div>
          {olympiad.isOpen && (
            <a className="lean-button public-button--quiet" href={`/${olympiad.name}/login`} aria-label={`Sign in to the ${olympiad.title}`}>
              Sign in
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
