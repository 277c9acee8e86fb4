// Maintenance (public, plain frame): /maintenance, where every public page sends its visitors while the
// overlord has the platform in maintenance (System Config): the message, and the product's home copy.
import { useEffect } from 'react';
import { productSlug } from '@olympiad/shared/access/product';
import { RichText } from '@olympiad/shared/ui/lean/rich-text';
import { useSitePage } from '@olympiad/shared/features/content/api/get-site-pages';
import { useSystemConfig } from '@olympiad/shared/features/content/api/get-system-config';
import type { ScreenComponentProps } from '@olympiad/shared/router/screen-types';

export default function MaintenanceScreen(_props: ScreenComponentProps) {
  const config = useSystemConfig();
  const home = useSitePage(productSlug(), 'home');
  const over = config.data !== undefined && !config.data.maintenanceMode;
  useEffect(() => {
    document.title = 'Maintenance · Olympiads';
  }, []);
  return (
    <div className="lean-card" style={{ maxWidth: '40rem' }}>
      <h1>We are making the olympiads better</h1>
      <div className={`lean-alert lean-alert--${over ? 'success' : 'info'}`} role="status">
        <p style={{ margin: '0 0 0.25rem', fontWeight: 700 }}>{over ? 'We are back' : 'Back soon'}</p>
        {over ? (
          <a href="/">The sites are open again: go to the home page.</a>
        ) : (
          config.data?.maintenanceMessage || 'The olympiad sites are being maintained. Please try again in a little while.'
        )}
      </div>
      {home.page && home.page.body !== '' && <RichText html={home.page.body} />}
    </div>
  );
}
