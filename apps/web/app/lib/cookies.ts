import { parseCookie, stringifySetCookie } from 'cookie';

const isHttps = (request: Request) => new URL(request.url).protocol === 'https:';

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | null, name: string): string | undefined {
  return header ? parseCookie(header)[name] : undefined;
}

/** A Set-Cookie value for a preference cookie the pages may read (not HttpOnly). */
export function preferenceCookie(request: Request, name: string, value: string, maxAgeSeconds: number): string {
  return stringifySetCookie({
    name,
    value,
    maxAge: maxAgeSeconds,
    path: '/',
    sameSite: 'lax',
    secure: isHttps(request),
  });
}

// safeRedirectPath is kept by hand: no library checks a local redirect against the browser's URL parsing like this.
const placeholderOrigin = 'http://redirect.invalid';

/**
 * A path on this site to go to after a login or a form post; anything else becomes `/`. The value is parsed as a URL
 * against a placeholder origin, as a browser would, and must stay on it: control characters (a browser drops a tab
 * in `/\t/evil.example`, leaving `//evil.example`), backslashes and `//` are refused before that, and a result that
 * starts with `//` after dot segments are resolved is refused after.
 */
export function safeRedirectPath(value: FormDataEntryValue | null | undefined): string {
  if (typeof value !== 'string' || value.length > 2000 || !value.startsWith('/')) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u001f\u007f\\]/.test(value) || value.startsWith('//')) return '/';
  try {
    const url = new URL(value, placeholderOrigin);
    // Dot segments can turn `/.//evil.example` into `//evil.example`: the result is what must be a plain path.
    if (url.origin !== placeholderOrigin || /^\/[\\/]/.test(url.pathname)) return '/';
    return url.pathname + url.search + url.hash;
  } catch {
    return '/';
  }
}

/** A local path with one query parameter set (before any #section), as a plain post's redirect puts an outcome in the address. */
export function withSearchParam(path: string, key: string, value: string): string {
  const url = new URL(path, placeholderOrigin);
  url.searchParams.set(key, value);
  return url.pathname + url.search + url.hash;
}

/** A Set-Cookie value that removes the session cookie (same attributes as the server sets it with). */
export function expiredSessionCookie(request: Request, name: string): string {
  return stringifySetCookie({
    name,
    value: '',
    maxAge: 0,
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request),
  });
}
