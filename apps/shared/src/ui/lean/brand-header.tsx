// The olympiad-styled pages' brand: a round mark with the project's initial, its name and the olympiad.
import type { ReactNode } from 'react';

export function BrandHeader({ name, sub }: { name: string; sub?: ReactNode }) {
  return (
    <div className="lean-brand">
      <span className="lean-brand__mark" aria-hidden="true">
        {name.trim().charAt(0).toUpperCase() || 'O'}
      </span>
      <span>
        <span className="lean-brand__name">{name}</span>
        {sub && <span className="lean-brand__sub">{sub}</span>}
      </span>
    </div>
  );
}
