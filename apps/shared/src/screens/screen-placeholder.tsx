import type { ScreenComponentProps } from '../router/screen-types';

/**
 * A screen whose contents belong to a later issue: its title, inside its layout, behind its guard.
 * The later issue replaces the screen's module; the route, guard and chunk stay.
 */
export function ScreenPlaceholder({ route }: ScreenComponentProps) {
  return (
    <section className="screen-placeholder" aria-labelledby={`${route.id}-title`}>
      <h1 id={`${route.id}-title`}>{route.title}</h1>
      <p className="screen-placeholder__note">This screen is being built.</p>
    </section>
  );
}
