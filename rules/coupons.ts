/**
 * A coupon code as the shop matches it (storefront.md §9): typed in any case, with
 * spaces around it, it names the coupon whose code is the same uppercased. The
 * server matches the same way (upper(coupon_name)) and the back office keeps codes
 * uppercased.
 */

/** A typed code as it is matched and shown: trimmed, uppercased ("" for none). */
export function couponCode(typed: string): string {
  return typed.trim().toUpperCase();
}

/** The coupon a typed code names; null when none does or nothing is typed. */
export function findCoupon<C extends { coupon_name: string }>(coupons: ReadonlyArray<C>, typed: string): C | null {
  const code = couponCode(typed);
  if (!code) return null;
  return coupons.find((c) => couponCode(c.coupon_name) === code) ?? null;
}
