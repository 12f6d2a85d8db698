import { afterLoginPath, loginPathFrom, RETURN_PARAM, safeReturnPath } from '../../rules/return-path.ts';

/** The page to come back to: on /login or /signup the one they carry, elsewhere this page. */
function returnPathHere(): string | null {
  if (/^\/(login|signup)\/?$/i.test(location.pathname)) return safeReturnPath(new URLSearchParams(location.search).get(RETURN_PARAM));
  return safeReturnPath(`${location.pathname}${location.search}${location.hash}`);
}

/** /login with this page to come back to (storefront.md §4's login-required moves, a forbidden answer, the login links). */
export function loginPathHere(): string {
  const path = returnPathHere();
  return path ? loginPathFrom(path) : '/login';
}

/** Where a successful login goes: back to the page that sent the shopper (when safe), else / or /admin/ (§4). */
export function pathAfterLogin(administrator: boolean): string {
  return afterLoginPath(new URLSearchParams(location.search).get(RETURN_PARAM), administrator);
}

/** The sign-up page carrying the same page to come back to after the login that follows it. */
function signupPathHere(): string {
  const path = returnPathHere();
  return path && path !== '/' ? `/signup?${RETURN_PARAM}=${encodeURIComponent(path)}` : '/signup';
}

/**
 * Every plain link to /login or /signup, pre-rendered or in an island, carries
 * the page it was followed from, set at the moment it is followed (so it is
 * the page's address then, filters and page included).
 */
export function initLoginLinks(): void {
  const carry = (event: Event) => {
    const link = (event.target as HTMLElement | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!link) return;
    const href = link.getAttribute('href') ?? '';
    if (/^\/login\/?$/i.test(href)) link.setAttribute('href', loginPathHere());
    else if (/^\/signup\/?$/i.test(href)) link.setAttribute('href', signupPathHere());
  };
  // Before the browser follows it, by mouse, keyboard or a middle click.
  document.addEventListener('click', carry, true);
  document.addEventListener('auxclick', carry, true);
}
