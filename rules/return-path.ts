/**
 * Where a shopper goes back to after logging in: the page that sent them to
 * /login, carried as `/login?next=<path>`. Only a path on this site is ever
 * taken (never another host: no open redirect), and never the login or sign-up
 * pages themselves.
 */

/** The query parameter of /login and /signup that carries the page to return to. */
export const RETURN_PARAM = 'next';

const MAX_LENGTH = 2_000;
const PROBE_ORIGIN = 'https://return-path.invalid';
const AUTH_PAGES = /^\/(login|signup)\/?$/i;

/**
 * The same-origin path (with its query and fragment) that `raw` names, or null
 * when it is missing, too long, not a plain path ("//host", "/\\host",
 * "https:", "javascript:", control characters, backslashes) or an auth page.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  // A path starts with one slash; "//x" and "/\x" are read by browsers as another host.
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  if (AUTH_PAGES.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where a login sends its user: the safe return path (an administrator's only inside /admin), else the home of their role. */
export function afterLoginPath(next: string | null | undefined, administrator: boolean): string {
  const path = safeReturnPath(next);
  if (administrator) return path && /^\/admin(\/|$)/.test(path) ? path : '/admin/';
  return path && !/^\/admin(\/|$)/.test(path) ? path : '/';
}

/** The login page's address that brings its user back to `from` (a path with its query); plain /login when `from` is not a safe return path. */
export function loginPathFrom(from: string): string {
  const path = safeReturnPath(from);
  return path && path !== '/' ? `/login?${RETURN_PARAM}=${encodeURIComponent(path)}` : '/login';
}
