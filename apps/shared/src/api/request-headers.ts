// The request headers: with an access token, a bearer Authorization header and a JSON content type
// (form-encoded for form posts); without a token, none. The XSRF-TOKEN cookie is echoed in X-XSRF-TOKEN.
import { accessToken } from '../session/stored-user';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export type BodyKind = 'json' | 'form' | 'multipart';

export function authHeader(kind: BodyKind = 'json', token: string | null = accessToken()): Record<string, string> {
  if (token === null) return {};
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  // A multipart body sets its own type (with the boundary).
  if (kind === 'json') headers['Content-Type'] = 'application/json';
  if (kind === 'form') headers['Content-Type'] = 'application/x-www-form-urlencoded';
  return headers;
}

export function readCookie(name: string, cookies: string = globalThis.document?.cookie ?? ''): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return rest.join('=');
      }
    }
  }
  return null;
}

/** Adds the auth and anti-forgery headers to a request's headers; an explicit Authorization wins. */
export function applyRequestHeaders(headers: Headers, kind: BodyKind): void {
  for (const [name, value] of Object.entries(authHeader(kind))) {
    if (name === 'Authorization' && headers.has('Authorization')) continue;
    if (name === 'Content-Type' && kind === 'json' && headers.has('Content-Type')) continue;
    headers.set(name, value);
  }
  const xsrf = readCookie(XSRF_COOKIE);
  if (xsrf !== null) headers.set(XSRF_HEADER, xsrf);
}

export function bodyKindOf(request: Request): BodyKind {
  const type = request.headers.get('Content-Type') ?? '';
  if (type.startsWith('multipart/form-data')) return 'multipart';
  if (type.startsWith('application/x-www-form-urlencoded')) return 'form';
  return 'json';
}
