import { useEffect } from 'react';
import { AppLink } from '@olympiad/shared/router/app-link';
import './public-ui.css';

/** Any address no page answers, inside the public site's frame. */
export function PublicNotFound() {
  useEffect(() => {
    document.title = 'Page Not Found · Olympiads';
  }, []);
  return (
    <div className="public-not-found">
      <p className="public-dim">404</p>
      <h1>Page not found</h1>
      <p>The page you asked for does not exist or has moved. Check the address, or start again from the home page.</p>
      <p>
        <AppLink className="lean-button" to="/">
          Go to the home page
        </AppLink>
      </p>
    </div>
  );
}
