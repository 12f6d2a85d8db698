import type { CartSelection } from './cart.ts';

/**
 * Buy Now hands one line to /checkout (storefront.md §2: the checkout's
 * breadcrumb then returns to /product-details/{p_id}). It lives in
 * sessionStorage under 'buyNow' for the tab's life; checkout reads it with
 * getBuyNow() and clears it once the order is placed.
 */
export const BUY_NOW_KEY = 'buyNow';

export interface BuyNowLine extends CartSelection {
  /** What the checkout summary shows without another request. */
  product: {
    name: string;
    image: string | null;
    carat: string;
    material: string;
    size: string | null;
    /** Unit prices of the chosen carat. */
    inr_price: number;
    usd_price: number;
  };
}

export function setBuyNow(line: BuyNowLine): void {
  sessionStorage.setItem(BUY_NOW_KEY, JSON.stringify(line));
}

export function getBuyNow(): BuyNowLine | null {
  try {
    const raw = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(BUY_NOW_KEY);
    return raw ? (JSON.parse(raw) as BuyNowLine) : null;
  } catch {
    return null;
  }
}

export function clearBuyNow(): void {
  sessionStorage.removeItem(BUY_NOW_KEY);
}
