import type { AnchorHTMLAttributes, Ref } from 'react';
import { Link } from 'react-router-dom';
import { servedHere } from './navigation';

type AppLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string; ref?: Ref<HTMLAnchorElement> };

/** A link that stays in the router for this app's paths and loads the page for another app's. */
export function AppLink({ to, ref, ...rest }: AppLinkProps) {
  if (servedHere(to)) return <Link to={to} ref={ref} {...rest} />;
  return <a href={to} ref={ref} {...rest} />;
}
