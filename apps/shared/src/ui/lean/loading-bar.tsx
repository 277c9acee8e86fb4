import { useLoadingVisible } from '../../feedback/loading';

/**
 * The loading indicator: a thin bar at the top while requests run, hidden 300 ms after the last. Seen,
 * not read out: it stands outside the page's landmarks, and each screen says in words what it waits for.
 */
export function LoadingBar() {
  const visible = useLoadingVisible();
  return <div className="lean-loading-bar" data-visible={visible} aria-hidden="true" />;
}
