/**
 * The law applied to a checkout: where it may go (rules/address.ts), what
 * shipping costs there (rules/shipping.ts), and whether cash on delivery may be
 * taken and a PAN is needed (rules/compliance.ts). Order placement, the payment
 * start and the checkout's quote all go through here.
 */

import type { CheckoutSettings } from '../../db/queries/shop-settings.ts';
import { checkDestination, type Destination, HOME_COUNTRY } from '../../rules/address.ts';
import {
  codRefusal,
  codRefusalMessage,
  dailyCashRefusal,
  dailyPanRequired,
  dailyPanRequiredMessage,
  effectiveCodCap,
  indianDay,
  normalisePan,
  PAN_MESSAGE,
  PAN_REQUIRED_MESSAGE,
  panRequired,
  phoneBuyer,
} from '../../rules/compliance.ts';
import type { DB } from '../../db/connection.ts';
import { buyerDayTotals, lockBuyerDay } from '../../db/queries/buyer-days.ts';
import { deliveryPhone } from '../../rules/phone.ts';
import { parcelWeightGrams, shippingCharge } from '../../rules/shipping.ts';
import { invalidError } from '../../rules/errors.ts';
import { couponDiscount } from '../../rules/money.ts';
import { supplyPrice } from '../../rules/pricing.ts';
import type { PricedCart } from './pricing.ts';

/** The checkout's own words for a phone it cannot read (storefront.md §5). */
const INVALID_PHONE = 'Invalid phone number';

/**
 * A checkout's destination checked (India: a state or union territory and a PIN of its
 * postal circle; abroad: region and postal code), and its delivery phone, when it has one,
 * readable as a number there (rules/phone.ts: stored in E.164 with the order); 400 otherwise.
 */
export function destinationOf(address: { country?: string | null; state: string; zip_code: string; phone_number?: string }): Destination {
  const checked = checkDestination({ country: address.country || HOME_COUNTRY, state: address.state, zip_code: address.zip_code });
  if (!checked.ok) throw invalidError(checked.problem.message);
  if (address.phone_number !== undefined && deliveryPhone(address.phone_number, checked.destination.country) === null) throw invalidError(INVALID_PHONE);
  return checked.destination;
}

/** A priced cart with the parcel it makes and its shipping charge. */
export interface ShippedCart extends PricedCart {
  country: string;
  /** Grams: net weight of the pieces plus packaging. */
  weight_g: number;
  /** The rate-table zone charged; null in India. */
  zone: string | null;
  /** Minor units of the cart's currency: the parcel's charge (rules/shipping.ts shippingCharge), and subtotal - discount + shipping. */
  shipping: number;
  total: number;
  /** The cash-on-delivery cap in force when it was priced (the law's, or the administrator's lower one), paise. */
  cod_cap: number;
}

/** Net weight of one piece of a priced line, grams; null for a fixed-price row without one (rules/shipping.ts counts a default). */
function netWeightOf(line: PricedCart['lines'][number]): number | null {
  const mg = line.caratPricing.net_weight_mg;
  return mg === null ? null : mg / 1000;
}

/**
 * Adds shipping to a priced cart: free in India, by zone and weight band abroad (400 where
 * the shop does not ship), with the cash-on-delivery cap in force, by the shop's settings.
 */
export function withShipping(priced: PricedCart, settings: CheckoutSettings, country: string): ShippedCart {
  const weight_g = parcelWeightGrams(priced.lines.map((l) => ({ net_weight_g: netWeightOf(l), quantity: l.quantity })));
  const quote = shippingCharge(settings.shippingRates, country, weight_g, priced.currency);
  if (!quote.ok) throw invalidError(quote.message);
  return {
    ...priced,
    country,
    weight_g,
    zone: quote.zone,
    shipping: quote.amount,
    total: priced.subtotal - priced.discount + quote.amount,
    cod_cap: effectiveCodCap(settings.adminCodCap),
  };
}

/**
 * What the order is worth in rupees, for the law's thresholds whatever the
 * shopper pays in: the lines at their rupee prices for the destination (GST
 * included in India) less the coupon's percent, as the order would be priced in
 * rupees (shipping in India is free).
 */
export function rupeeValue(priced: ShippedCart): number {
  const subtotal = priced.lines.reduce((sum, l) => sum + supplyPrice(l.inr_price, 'INR', priced.country) * l.quantity, 0);
  const discount = priced.coupon ? couponDiscount(subtotal, priced.coupon.discount_bp) : 0;
  return subtotal - discount;
}

/** What the law allows for a checkout: cash on delivery (and why not), whether a PAN is needed. */
export interface PaymentRules {
  rupee_value: number;
  cod_allowed: boolean;
  /** Why cash on delivery is not offered, as the shopper reads it; null when it is. */
  cod_message: string | null;
  /** The cap in force, paise. */
  cod_cap: number;
  pan_required: boolean;
}

export function paymentRules(priced: ShippedCart): PaymentRules {
  const cap = priced.cod_cap;
  const value = rupeeValue(priced);
  const refusal = codRefusal({ country: priced.country, rupeeValue: value }, cap);
  return {
    rupee_value: value,
    cod_allowed: refusal === null,
    cod_message: refusal ? codRefusalMessage(refusal, cap) : null,
    cod_cap: cap,
    pan_required: panRequired({ country: priced.country, rupeeValue: value }),
  };
}

/**
 * Refuses what the law does not allow (400 with the sentence the checkout
 * shows): cash on delivery abroad or at or above the cap; an order of
 * ₹2,00,000 or more without a valid PAN. Answers the PAN to keep (canonical),
 * or null when none is needed (one sent anyway is not kept).
 */
export function assertLawfulPayment(priced: ShippedCart, method: 'cod' | 'online', pan: string | null | undefined): string | null {
  const rules = paymentRules(priced);
  if (method === 'cod' && !rules.cod_allowed) throw invalidError(rules.cod_message as string);
  if (!rules.pan_required) return null;
  if (!pan || pan.trim() === '') throw invalidError(PAN_REQUIRED_MESSAGE);
  const canonical = normalisePan(pan);
  if (!canonical) throw invalidError(PAN_MESSAGE);
  return canonical;
}

/**
 * The law's limits over the buyer's whole day (an account, and apart its delivery phone),
 * inside the order's or the payment's own transaction: cash on delivery stops below
 * ₹2,00,000 from one buyer in a day (s.269ST), and a day's purchases of ₹2,00,000 or more
 * need the PAN (r.114B), whether in one order or several. The buyer's day is locked first
 * (db/queries/buyer-days.ts), so concurrent orders of one buyer are checked one after
 * another. Answers the PAN to keep (canonical) when the day needs one, else null.
 * `exceptPayment`: the payment this order is made of, not counted twice.
 */
export async function assertLawfulDay(
  trx: DB,
  priced: ShippedCart,
  method: 'cod' | 'online',
  buyer: { u_id: number; phone: string | null | undefined },
  pan: string | null | undefined,
  options: { exceptPayment?: number; now?: Date } = {},
): Promise<string | null> {
  if (priced.country !== HOME_COUNTRY) return null;
  const day = indianDay(options.now ?? new Date());
  const who = { u_id: buyer.u_id, phone: phoneBuyer(buyer.phone) };
  await lockBuyerDay(trx, day, who);
  const today = await buyerDayTotals(trx, day, who, options.exceptPayment);
  const value = rupeeValue(priced);
  if (method === 'cod') {
    const refusal = dailyCashRefusal(today.cod, value);
    if (refusal) throw invalidError(refusal);
  }
  if (!dailyPanRequired(today.spent, value, priced.country)) return null;
  if (!pan || pan.trim() === '') throw invalidError(dailyPanRequiredMessage(today.spent));
  const canonical = normalisePan(pan);
  if (!canonical) throw invalidError(PAN_MESSAGE);
  return canonical;
}

/**
 * What the law allows for this checkout given the buyer's day so far, by the account and the
 * delivery phone when the shopper has typed it (the checkout's quote: read, not locked; the
 * order or payment checks again under the lock): Cash on Delivery withdrawn once the day's cash
 * would reach the limit, a PAN asked once the day's purchases would.
 */
export async function paymentRulesOfDay(db: DB, priced: ShippedCart, buyer: { u_id: number; phone?: string | null }, now = new Date()): Promise<PaymentRules> {
  const rules = paymentRules(priced);
  if (priced.country !== HOME_COUNTRY) return rules;
  const today = await buyerDayTotals(db, indianDay(now), { u_id: buyer.u_id, phone: phoneBuyer(buyer.phone) });
  const cash = dailyCashRefusal(today.cod, rules.rupee_value);
  return {
    ...rules,
    cod_allowed: rules.cod_allowed && cash === null,
    cod_message: rules.cod_message ?? cash,
    pan_required: rules.pan_required || dailyPanRequired(today.spent, rules.rupee_value, priced.country),
  };
}
