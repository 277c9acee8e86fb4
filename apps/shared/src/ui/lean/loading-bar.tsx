import { useLoadingVisible } from '../../feedback/loading';

/** The loading indicator: a thin bar at the top while requests run, hidden 300 ms after the last. */
export function LoadingBar() {
  const visible = useLoadingVisible();
  return <div className="lean-loading-bar" data-visible={visible} role="progressbar" aria-hidden={!visible} aria-label="Loading" />;
}
