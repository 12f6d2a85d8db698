import type { ReactElement, ReactNode } from 'react';
import { Icon, type IconName } from '../components/Icon.tsx';
import type { SessionUser } from '../stores/session.ts';
import { Skeleton } from './parts.tsx';

/** A way on from an empty page: the first is the main button, the others ghost buttons. */
export interface EmptyLink {
  href: string;
  text: string;
}

/** The ways on the cart, wishlist and checkout offer. */
export const EMPTY_LINKS = {
  logIn: { href: '/login', text: 'Log In' },
  createAccount: { href: '/Signup', text: 'Create an Account' },
  continueShopping: { href: '/', text: 'Continue Shopping' },
  browseAll: { href: '/allproducts', text: 'Browse All Products' },
} as const satisfies Record<string, EmptyLink>;

/** What an empty page says: a `titleId` lets focus land on the heading when the last line is removed. */
export interface JourneyEmptyProps {
  icon?: IconName;
  title: string;
  titleId?: string;
  text: string;
  links?: ReadonlyArray<EmptyLink>;
  children?: ReactNode;
}

/** What the cart, wishlist and checkout show instead of their lines: signed out, nothing in them, or the store out of reach. */
export function JourneyEmpty({ icon, title, titleId, text, links = [], children }: JourneyEmptyProps) {
  return (
    <div className="journey-empty">
      {icon ? <Icon name={icon} size={40} /> : null}
      <h2 id={titleId} tabIndex={titleId ? -1 : undefined}>
        {title}
      </h2>
      <p>{text}</p>
      <div className="journey-empty__actions">
        {links.map((link, i) => (
          <a key={link.href} className={i === 0 ? 'btn' : 'btn btn--ghost'} href={link.href}>
            {link.text}
          </a>
        ))}
        {children}
      </div>
    </div>
  );
}

/** The cart, wishlist or checkout when the store could not be reached, with Try Again. */
export function LoadFailed({ what, onRetry }: { what: 'cart' | 'wishlist'; onRetry: () => void }) {
  return (
    <JourneyEmpty title={`We could not load your ${what}`} text="The store could not be reached. Please check your connection and try again.">
      <button type="button" className="btn" onClick={onRetry}>
        Try Again
      </button>
    </JourneyEmpty>
  );
}

/** A journey page before its lines: what it shows instead (`shown`), or the shopper and the lines once there are some. */
export type JourneyGate<L> = { shown: ReactElement; user?: never; lines?: never } | { shown: null; user: SessionUser; lines: L[] };

/** What a journey page says while it loads, when the store is out of reach, to a visitor, and empty. */
export interface JourneyPage {
  /** The page ("Loading your cart…"); the checkout's lines are the cart's ("We could not load your cart"). */
  name: 'cart' | 'wishlist' | 'checkout';
  /** The skeleton's height, near the page's. */
  height: number;
  visitor: JourneyEmptyProps;
  empty: JourneyEmptyProps;
}

/** A journey page's lines as it keeps them: null while being read; `load` reads them again. */
export interface JourneyLines<L> {
  user: SessionUser | null | undefined;
  lines: L[] | null;
  failed: boolean;
  load: (u_id: number) => unknown;
}

/**
 * What the cart, wishlist or checkout shows instead of its lines: a skeleton while the
 * shopper or the lines are read, the visitor's way to log in, Try Again when the store
 * could not be reached, or the page's empty state; nothing once there are lines.
 */
export function journeyGate<L>({ user, lines, failed, load }: JourneyLines<L>, page: JourneyPage): JourneyGate<L> {
  if (user === undefined || (user && lines === null && !failed)) return { shown: <Skeleton height={page.height} label={`Loading your ${page.name}…`} /> };
  if (!user) return { shown: <JourneyEmpty {...page.visitor} /> };
  if (failed) return { shown: <LoadFailed what={page.name === 'wishlist' ? 'wishlist' : 'cart'} onRetry={() => void load(user.u_id)} /> };
  if (!lines || lines.length === 0) return { shown: <JourneyEmpty {...page.empty} /> };
  return { shown: null, user, lines };
}
