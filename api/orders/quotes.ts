/**
 * Checkout quotes: "gold rate protection". A quote prices a checkout once and holds that
 * price (the lines at the day's rate, the coupon, shipping and tax) until locked_until,
 * whatever the administrator saves meanwhile; /payment and /createorder charge the quote
 * while it holds and the checkout is the one quoted. A payment keeps its own copy of the
 * price it was opened for, so the order made of it costs what the shopper paid.
 */

import { randomBytes } from 'node:crypto';
import type { DB } from '../../db/connection.ts';
import { findQuote, insertQuote } from '../../db/queries/payments.ts';
import { currentUsdInr } from '../../db/queries/metal-rates.ts';
import type { Currency } from '../../db/schema.ts';
import { utcTimestamp } from '../../db/time.ts';
import { conflictError, notFoundError } from '../../rules/errors.ts';
import type { ShippedCart } from './checkout-law.ts';
import { type CartToPrice, normaliseCouponName, pricedFrom } from './pricing.ts';

/** A price held: the priced checkout and the rupees-per-dollar rate it was priced with. */
export interface LockedPrice extends ShippedCart {
  /** Paise per US dollar when priced (null before the first rate was set). */
  usd_inr: number | null;
}

/** What a quote is for: the checkout as priced, compared when the quote is used. */
export interface QuotedCheckout {
  currency: Currency;
  couponName: string | null;
  country: string;
}

export const QUOTE_LAPSED = 'The price held for this checkout has lapsed. Please review the new price.';
export const QUOTE_CHANGED = 'Your checkout has changed since this price was held (cart, coupon or destination). Please review the new price.';

/** Adds the rate in force to a priced checkout: what a quote or a payment keeps. */
export async function lockPrice(db: DB, priced: ShippedCart): Promise<LockedPrice> {
  return { ...priced, usd_inr: await currentUsdInr(db) };
}

/** Holds a priced checkout for `lockMs`; answers the quote's id and the end of its lock (stored time). */
export async function holdQuote(db: DB, u_id: number, checkout: QuotedCheckout, priced: ShippedCart, lockMs: number, now = new Date()) {
  const quote_id = `q_${randomBytes(15).toString('base64url')}`;
  const locked_until = utcTimestamp(new Date(now.getTime() + lockMs));
  const locked = await lockPrice(db, priced);
  await insertQuote(db, {
    quote_id,
    u_id,
    checkout: JSON.stringify({ ...checkout, couponName: normaliseCouponName(checkout.couponName) || null }),
    priced: JSON.stringify(locked),
    currency: priced.currency,
    total: priced.total,
    locked_until,
  });
  return { quote_id, locked_until, priced: locked };
}

/**
 * The price a quote holds for this checkout, whose lines were just read (`lines`): refused
 * (404) when it is not the caller's, (409) when its lock has lapsed or the checkout is no
 * longer the one quoted, so the shopper is shown the new price before paying it.
 */
export async function heldPrice(db: DB, u_id: number, quote_id: string, checkout: QuotedCheckout, lines: CartToPrice['lines'], now = new Date()) {
  const quote = await findQuote(db, quote_id);
  if (!quote || quote.u_id !== u_id) throw notFoundError('This price quote was not found. Please review your checkout again.');
  if (quote.locked_until <= utcTimestamp(now)) throw conflictError(QUOTE_LAPSED, { quote_lapsed: true });
  const quoted = JSON.parse(quote.checkout) as QuotedCheckout;
  const priced = JSON.parse(quote.priced) as LockedPrice;
  const sameCheckout =
    quoted.currency === checkout.currency &&
    (quoted.couponName ?? '') === normaliseCouponName(checkout.couponName) &&
    quoted.country === checkout.country &&
    pricedFrom(priced, lines);
  if (!sameCheckout) throw conflictError(QUOTE_CHANGED, { quote_changed: true });
  return { priced, locked_until: quote.locked_until };
}
