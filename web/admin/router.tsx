import { type AnchorHTMLAttributes, type MouseEvent, useSyncExternalStore } from 'react';

/**
 * A small client-side router for the back office: every /admin path is
 * answered by the same page, so navigation between screens only changes the
 * URL (history API) and re-renders.
 */

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') window.addEventListener('popstate', notify);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current path without a trailing slash ('/admin/' reads as '/admin'). */
export function currentPath(): string {
  const path = window.location.pathname.replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

/** Goes to another back-office screen without reloading the page. */
export function navigate(to: string): void {
  if (to === currentPath()) return;
  window.history.pushState(null, '', to);
  notify();
}

/** The current path; re-renders on navigation and on Back/Forward. */
export function usePath(): string {
  return useSyncExternalStore(subscribe, currentPath, () => '/admin');
}

/** The screen a path shows, or undefined for an unknown back-office path. */
export function matchRoute<T>(path: string, routes: Readonly<Record<string, T>>): T | undefined {
  return Object.hasOwn(routes, path) ? routes[path] : undefined;
}

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
}

/**
 * A link to a back-office screen: a real anchor (open in a new tab, copy the
 * address) whose plain left click navigates in place.
 */
export function Link({ href, onClick, ...rest }: LinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!href.startsWith('/admin')) return;
    event.preventDefault();
    navigate(href);
    window.scrollTo(0, 0);
  };
  return <a href={href} onClick={handleClick} {...rest} />;
}
