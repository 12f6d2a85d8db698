/**
 * Money: the one place it changes representation and the one formatter. The
 * database holds integer minor units (paise, cents); the API speaks rupees and
 * dollars as numbers with at most two decimals. No arithmetic in floating point
 * beyond the final division, so 5234050 paise is always 52340.5.
 */

/** The two currencies prices come in: inr_price (rupees) and usd_price (dollars). */
export type Currency = 'INR' | 'USD';

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
 * The amount is taken in whole ten-thousands and the rest, so no product passes
 * 2^53 and the answer is exact for any whole amount up to Number.MAX_SAFE_INTEGER
 * (percentages up to 100%), not only for amounts under 9 x 10^11.
 */
export function percentOf(amountMinor: number, basisPoints: number): number {
  const tenThousands = Math.floor(amountMinor / 10_000);
  const rest = amountMinor - tenThousands * 10_000;
  return tenThousands * basisPoints + Math.floor((rest * basisPoints + 5000) / 10000);
}

/** What a coupon of `basisPoints` takes off a subtotal (minor units): its percent, half-up, never more than the subtotal. */
export function couponDiscount(subtotalMinor: number, basisPoints: number): number {
  return Math.min(percentOf(subtotalMinor, basisPoints), subtotalMinor);
}

/**
 * The coupon a client meant when it sent only a discount (storefront.md names no coupon
 * field): the first of `coupons` (the caller's order: oldest first) whose discount on
 * `subtotalMinor` equals `discountMinor`; undefined when none does or the discount is 0.
 */
export function couponGivingDiscount<C extends { discount_bp: number }>(coupons: readonly C[], subtotalMinor: number, discountMinor: number): C | undefined {
  if (!(discountMinor > 0)) return undefined;
  return coupons.find((c) => couponDiscount(subtotalMinor, c.discount_bp) === discountMinor);
}

/** Basis points (1250) to the coupon's percentage text ("12.5"). */
export function basisPointsToPercentText(basisPoints: number): string {
  return String(basisPoints / 100);
}

/** A carat price row's amount in a currency (inr_price or usd_price). */
export function priceIn(row: { inr_price: number; usd_price: number }, currency: Currency): number {
  return row[FIELD_OF_CURRENCY[currency]];
}

/** The price column a currency reads (the filter's `countryCode` field of /getallproducts names it). */
export function priceColumn(currency: Currency): PriceField {
  return FIELD_OF_CURRENCY[currency];
}

const locales: Record<Currency, string> = { INR: 'en-IN', USD: 'en-US' };
const symbols: Record<Currency, string> = { INR: '₹', USD: '$' };
const whole = (currency: Currency) => new Intl.NumberFormat(locales[currency], { maximumFractionDigits: 0 });
const cents = (currency: Currency) => new Intl.NumberFormat(locales[currency], { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const formats = { INR: [whole('INR'), cents('INR')], USD: [whole('USD'), cents('USD')] } as const;

/**
 * One money formatter: ₹1,52,340 or ₹52,340.50 with Indian grouping, $640 or $1,640.25 with US grouping.
 * `cents: true` always shows two decimals (₹52,340.00), as the back office's order totals do.
 */
export function formatMoney(amount: number, currency: Currency, options: { cents?: boolean } = {}): string {
  const [wholeFormat, centsFormat] = formats[currency];
  return `${symbols[currency]}${(Number.isInteger(amount) && !options.cents ? wholeFormat : centsFormat).format(amount)}`;
}
