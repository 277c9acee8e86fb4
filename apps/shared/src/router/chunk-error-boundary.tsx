import { Component, type ReactNode } from 'react';

type State = { error: Error | null };

/** A screen's chunk failed to load (offline, or a new release replaced it): offer a reload. */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <div className="lean-page-message" role="alert">
        <p>This page could not be loaded. Check your connection and try again.</p>
        <button type="button" className="lean-button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
