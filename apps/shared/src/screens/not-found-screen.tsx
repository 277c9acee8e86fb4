import { useEffect } from 'react';

/** Any path no route knows. Plain, so that every app can show it without its kit. */
export function NotFoundScreen() {
  useEffect(() => {
    document.title = 'Page Not Found';
  }, []);
  return (
    <main className="lean-page">
      <div className="lean-card lean-card--narrow">
        <p className="lean-eyebrow">404</p>
        <h1>Page not found</h1>
        <p>The page you asked for does not exist or has moved. Check the address, or start again from the home page.</p>
        <p className="lean-actions">
          <a className="lean-button" href="/">
            Go to the home page
          </a>
          <a className="lean-button lean-button--quiet" href="/login">
            Sign in
          </a>
        </p>
      </div>
    </main>
  );
}
