/**
 * The one place money changes representation. The database holds integer minor
 * units (paise, cents); the API speaks rupees and dollars as numbers with at most
 * two decimals. Conversions never do arithmetic in floating point beyond the
 * final division, so 5234050 paise is always 52340.5.
 */

import type { Currency } from '../../db/schema.ts';

/** The price column a shopper's currency reads. */
export type PriceField = 'inr_price' | 'usd_price';

export const CURRENCY_OF_FIELD: Record<PriceField, Currency> = { inr_price: 'INR', usd_price: 'USD' };
export const FIELD_OF_CURRENCY: Record<Currency, PriceField> = { INR: 'inr_price', USD: 'usd_price' };

/** Minor units (integer) to an amount in major units, e.g. 5234050 -> 52340.5. */
export function toMajor(minor: number): number {
  return minor / 100;
}

/**
 * An amount in major units (at most two decimals, as the API accepts them) to
 * integer minor units. Rounds to the nearest minor unit so 0.1 + 0.2 style
 * representation noise in a client's number never changes the amount.
 */
export function toMinor(major: number): number {
  return Math.round(major * 100);
}

/**
 * `amount * basisPoints / 10000`, rounded half-up to a whole minor unit,
 * in integers only (a 12.5% coupon on 999 paise is 124.875 -> 125 paise).
 */
export function percentOf(amountMinor: number, basisPoints: number): number {
  return Math.floor((amountMinor * basisPoints + 5000) / 10000);
}

/** Basis points (1250) to the coupon's percentage text ("12.5"). */
export function basisPointsToPercentText(basisPoints: number): string {
  return String(basisPoints / 100);
}
