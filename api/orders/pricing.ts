/**
 * The price rules applied to the catalogue: what a real selection is, what a line
 * costs, and what a cart costs with a coupon, read from the database. The rules
 * themselves are pure and live in rules/ (pricing.ts, money.ts, orders.ts); the
 * cart, the wishlist, the payment start and order placement all price through
 * here; nothing a client sends about money is used except to check it.
 */

import type { DB } from '../../db/connection.ts';
import type { Caller } from '../context.ts';
import type { CaratPricingRow } from '../../db/queries/carat-pricing.ts';
import { findActiveCoupon, listActiveCoupons, loadSellable, type Sellable } from '../../db/queries/orders.ts';
import type { Currency } from '../../db/schema.ts';
import { countryCodeOf } from '../../db/queries/users.ts';
import { conflictError, invalidError, notFoundError } from '../../rules/errors.ts';
import { currencyFor } from '../../rules/currency.ts';
import { couponDiscount, couponGivingDiscount, FIELD_OF_CURRENCY } from '../../rules/money.ts';
import { HOME_COUNTRY } from '../../rules/address.ts';
import { supplyPrice } from '../../rules/pricing.ts';
import { MAX_QUANTITY } from '../../rules/orders.ts';

/** What a shopper picked: a product, one of its carat entries, a material and a size. */
export interface Selection {
  p_id: number;
  pc_id: number;
  carat_id: number;
  m_id: number;
  /** null only for a product without sizes. */
  size_id: number | null;
}

/** A selection checked against the catalogue, with the names an order snapshot keeps. */
export interface ResolvedSelection extends Selection {
  /** Taken from the product, never from the client. */
  cate_id: number;
  product_name: string;
  product_image: string | null;
  category_name: string;
  carat_name: string;
  material_name: string;
  size_name: string | null;
  /** Minor units. */
  inr_price: number;
  usd_price: number;
  /** How the carat row is priced and stocked now (the order keeps its breakup). */
  caratPricing: CaratPricingRow;
}

export interface PricedLine extends ResolvedSelection {
  /** The cart line this came from; null for a Buy Now line. */
  c_id: number | null;
  quantity: number;
  /** Unit price in the cart's currency for its destination (rules/pricing.ts supplyPrice), minor units. */
  price: number;
  line_total: number;
}

export interface PricedCart {
  currency: Currency;
  lines: PricedLine[];
  /** All in minor units of `currency`; shipping and the total come with the destination (checkout-law.ts withShipping). */
  subtotal: number;
  discount: number;
  coupon: { coupon_name: string; discount_bp: number } | null;
}

/** The cart's routes read the limit here; the rule is rules/orders.ts MAX_QUANTITY. */
export { MAX_QUANTITY };

/**
 * The currency of a shopper's account (from their country code in the database): the
 * caller's own as read with their token, or another account's (an administrator's call).
 */
export async function shopperCurrency(db: DB, u_id: number, caller?: Pick<Caller, 'u_id' | 'country_code'>): Promise<Currency> {
  if (caller?.u_id === u_id) return currencyFor(caller.country_code);
  const countryCode = await countryCodeOf(db, u_id);
  if (countryCode === undefined) throw notFoundError('User not found.');
  return currencyFor(countryCode);
}

/**
 * Checks a selection against the catalogue: the carat entry is the product's and
 * names the same carat, the material and size are among the product's own, the
 * product and its category are active. Throws the refusal a shopper can act on.
 */
export function resolveSelection(
  sellable: Sellable | undefined,
  selection: Selection,
  options: { atCheckout?: boolean } = {},
): ResolvedSelection {
  if (!sellable || (!sellable.active && !options.atCheckout)) throw notFoundError('This product is not available.');
  if (!sellable.active) throw conflictError(`"${sellable.name}" is no longer available. Please remove it from your cart.`);
  const carat = sellable.carats.get(selection.pc_id);
  if (!carat || carat.carat_id !== selection.carat_id) throw invalidError('This carat is not offered for this product.');
  const material = sellable.materials.get(selection.m_id);
  if (material === undefined) throw invalidError('This material is not offered for this product.');
  let size_name: string | null = null;
  if (selection.size_id === null) {
    if (sellable.sizes.size > 0) throw invalidError('Please select a size.');
  } else {
    const size = sellable.sizes.get(selection.size_id);
    if (size === undefined) throw invalidError('This size is not offered for this product.');
    size_name = size;
  }
  return {
    ...selection,
    cate_id: sellable.cate_id,
    product_name: sellable.name,
    product_image: sellable.image,
    category_name: sellable.cate_name,
    carat_name: carat.carat_name,
    material_name: material,
    size_name,
    inr_price: carat.inr_price,
    usd_price: carat.usd_price,
    caratPricing: carat.pricing,
  };
}

/** Checks one selection against the database (cart and wishlist adds). */
export async function checkSelection(db: DB, selection: Selection): Promise<ResolvedSelection> {
  const sellable = (await loadSellable(db, [selection.p_id])).get(selection.p_id);
  return resolveSelection(sellable, selection);
}

/**
 * One line priced in a currency for a destination: the carat entry's listed
 * price, with or without GST as the destination asks (supplyPrice: GST is
 * charged in India, not on an export), times the quantity.
 */
export function priceLine(resolved: ResolvedSelection, quantity: number, currency: Currency, c_id: number | null = null, country: string = HOME_COUNTRY): PricedLine {
  if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
    throw invalidError(`Quantity must be a whole number from 1 to ${MAX_QUANTITY}.`);
  }
  const price = supplyPrice(resolved[FIELD_OF_CURRENCY[currency]], currency, country);
  return { ...resolved, c_id, quantity, price, line_total: price * quantity };
}

export interface CartToPrice {
  lines: { selection: Selection; quantity: number; c_id?: number | null }[];
  currency: Currency;
  /** Where it is delivered (ISO alpha-2; India when absent): decides whether the prices carry GST. */
  country?: string;
  /** As the shopper typed it; matched uppercased against active coupons. Empty for none. */
  couponName?: string | null;
  /**
   * The discount the client claims (minor units), used only when it names no coupon
   * (storefront.md sends no coupon field): the active coupon giving exactly this on the
   * server's subtotal is the order's coupon, the oldest if several do; none, no coupon.
   */
  claimedDiscount?: number | null;
}

/** Normalises a coupon code the way the storefront does before matching. */
export function normaliseCouponName(name: string | null | undefined): string {
  return (name ?? '').trim().toUpperCase();
}

/**
 * Prices a cart: every line from the catalogue (one batch of queries), the
 * coupon by name (active only; discount = subtotal x percent, half-up to a
 * minor unit) or, without a name, by the discount claimed. Shipping and the total
 * are the destination's (checkout-law.ts withShipping, by the shop's shipping rates).
 * Throws when a line or a named coupon is not valid.
 */
export async function priceCart(db: DB, cart: CartToPrice): Promise<PricedCart> {
  if (cart.lines.length === 0) throw invalidError('Your cart is empty.');
  const code = normaliseCouponName(cart.couponName);
  // The coupon is read beside the catalogue, not after it (on PostgreSQL one round trip
  // instead of two); the lines are still judged first, so their refusals come before the coupon's.
  const [catalogue, coupons] = await Promise.all([
    loadSellable(db, cart.lines.map((l) => l.selection.p_id)),
    code ? findActiveCoupon(db, code).then((found) => (found ? [found] : [])) : cart.claimedDiscount ? listActiveCoupons(db) : [],
  ]);
  const lines = cart.lines.map((l) =>
    priceLine(resolveSelection(catalogue.get(l.selection.p_id), l.selection, { atCheckout: true }), l.quantity, cart.currency, l.c_id ?? null, cart.country ?? HOME_COUNTRY),
  );
  const subtotal = lines.reduce((sum, l) => sum + l.line_total, 0);
  let coupon: PricedCart['coupon'] = null;
  if (code) {
    const [found] = coupons;
    if (!found) throw invalidError('Invalid coupon!');
    coupon = { coupon_name: found.coupon_name, discount_bp: found.discount_bp };
  } else if (cart.claimedDiscount) {
    const found = couponGivingDiscount(coupons, subtotal, cart.claimedDiscount);
    if (found) coupon = { coupon_name: found.coupon_name, discount_bp: found.discount_bp };
  }
  const discount = coupon ? couponDiscount(subtotal, coupon.discount_bp) : 0;
  return { currency: cart.currency, lines, subtotal, discount, coupon };
}

/** Whether a priced cart was priced from exactly these lines (the same cart lines, selections and quantities, in order). */
export function pricedFrom(priced: Pick<PricedCart, 'lines'>, lines: CartToPrice['lines']): boolean {
  return (
    priced.lines.length === lines.length &&
    priced.lines.every((p, i) => {
      const { selection, quantity, c_id } = lines[i];
      return (
        p.c_id === (c_id ?? null) &&
        p.quantity === quantity &&
        p.p_id === selection.p_id &&
        p.pc_id === selection.pc_id &&
        p.carat_id === selection.carat_id &&
        p.m_id === selection.m_id &&
        p.size_id === selection.size_id
      );
    })
  );
}
