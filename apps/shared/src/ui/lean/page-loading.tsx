/** What shows while a chunk loads: quiet, and announced once to screen readers. */
export function PageLoading() {
  return (
    <div className="lean-page-loading" role="status" aria-live="polite">
      <span className="lean-spinner" aria-hidden="true" />
      <span>Loading…</span>
    </div>
  );
}
