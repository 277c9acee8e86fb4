// Files under /api (question images, attachments) need the session's bearer token, which an <img src>
// cannot send: they are fetched with it and shown through an object URL, kept while the caller shows it.
import { useEffect, useState } from 'react';
import { applyRequestHeaders } from './request-headers';
import { API_BASE, endSessionOn401 } from './client';

/** The file at `path` with the session's headers; a 401 ends the session as on every call. */
export async function fetchWithSession(path: string): Promise<Response> {
  const headers = new Headers();
  applyRequestHeaders(headers, 'multipart');
  const response = await globalThis.fetch(`${API_BASE}${path}`, { headers, credentials: 'same-origin' });
  endSessionOn401(response);
  return response;
}

export async function fetchFileUrl(path: string): Promise<string | null> {
  try {
    const response = await fetchWithSession(path);
    if (!response.ok) return null;
    return URL.createObjectURL(await response.blob());
  } catch {
    return null;
  }
}

/** An object URL of the file at `path` (null until it has arrived, or when there is none). */
export function useFileUrl(path: string | null | undefined): string | null {
  const [loaded, setLoaded] = useState<{ path: string; url: string | null } | null>(null);
  useEffect(() => {
    if (!path) return undefined;
    let live = true;
    let url: string | null = null;
    void fetchFileUrl(path).then((made) => {
      url = made;
      if (live) setLoaded({ path, url: made });
      else if (made) URL.revokeObjectURL(made);
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  return path && loaded?.path === path ? loaded.url : null;
}
