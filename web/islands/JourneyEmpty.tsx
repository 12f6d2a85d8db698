import type { ReactNode } from 'react';
import { Icon, type IconName } from '../components/Icon.tsx';

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

/**
 * What the cart, wishlist and checkout show instead of their lines: signed out,
 * nothing in them, or the store out of reach. A `titleId` lets focus land on
 * the heading when the last line is removed.
 */
export function JourneyEmpty({
  icon,
  title,
  titleId,
  text,
  links = [],
  children,
}: {
  icon?: IconName;
  title: string;
  titleId?: string;
  text: string;
  links?: ReadonlyArray<EmptyLink>;
  children?: ReactNode;
}) {
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
