/**
 * The offers the storefront may show: only what checkout honours, which is an
 * active coupon (POST /getcoupon): a percentage off the pieces' price, typed
 * at checkout, one code per order, shipping not discounted (rules/money.ts
 * percentOf on the subtotal). A product's own offer text is not shown: a
 * promise it makes (making charges, free gifts) is not something checkout can
 * keep; the coupon it names, if active, is listed first.
 */

/** An active coupon as POST /getcoupon answers it: discount is the percentage as text. */
export interface OfferCoupon {
  coupon_name: string;
  discount: string;
}

/** A coupon said in full: what, how much, the code, the conditions. */
export interface CouponOffer {
  code: string;
  /** "15% off your order" */
  title: string;
  /** "Use code FESTIVE15 at checkout." */
  how: string;
  conditions: string;
}

export const COUPON_CONDITIONS = 'Taken off the price of the pieces, before shipping; one code per order.';

/** How a coupon is told to a shopper. */
export function describeCoupon(coupon: OfferCoupon): CouponOffer {
  const code = coupon.coupon_name.toUpperCase();
  return { code, title: `${coupon.discount}% off your order`, how: `Use code ${code} at checkout.`, conditions: COUPON_CONDITIONS };
}

/** The coupon the promo bar tells: the largest discount (then the first by code); null when none is active. */
export function bestCoupon(coupons: ReadonlyArray<OfferCoupon>): OfferCoupon | null {
  let best: OfferCoupon | null = null;
  for (const coupon of coupons) {
    const value = Number(coupon.discount);
    if (!Number.isFinite(value) || value <= 0) continue;
    if (!best || value > Number(best.discount) || (value === Number(best.discount) && coupon.coupon_name.toUpperCase() < best.coupon_name.toUpperCase())) best = coupon;
  }
  return best;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The active coupon a product's offer text names as a whole word (any case); null when it names none. */
export function couponNamedIn(offer: string | null | undefined, coupons: ReadonlyArray<OfferCoupon>): OfferCoupon | null {
  if (!offer) return null;
  return coupons.find((c) => c.coupon_name.trim() !== '' && new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(c.coupon_name)}($|[^\\p{L}\\p{N}])`, 'iu').test(offer)) ?? null;
}

/** What a product page offers: each active coupon told in full, the one the product's own offer text names first. */
export function productOffers(offer: string | null | undefined, coupons: ReadonlyArray<OfferCoupon>): CouponOffer[] {
  const named = couponNamedIn(offer, coupons);
  const usable = coupons.filter((c) => Number(c.discount) > 0);
  const ordered = named && usable.includes(named) ? [named, ...usable.filter((c) => c !== named)] : usable;
  return ordered.map(describeCoupon);
}
