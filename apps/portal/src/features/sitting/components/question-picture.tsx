// A question's picture needs the session's token: fetched, then shown from an object URL.
import { useEffect, useState } from 'react';
import { pictureUrl } from '../api/get-attachment';

/** The object URL of the picture, null while it loads, 'failed' when it could not be loaded. */
export function usePicture(imageUrl: string | null | undefined, attempt: number): string | null | 'failed' {
  const [loaded, setLoaded] = useState<{ for: string; url: string | 'failed' } | null>(null);
  useEffect(() => {
    if (!imageUrl) return;
    let current = true;
    pictureUrl(imageUrl).then(
      (url) => current && setLoaded({ for: imageUrl, url }),
      () => current && setLoaded({ for: imageUrl, url: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [imageUrl, attempt]);
  if (!imageUrl || loaded?.for !== imageUrl) return null;
  return loaded.url;
}
