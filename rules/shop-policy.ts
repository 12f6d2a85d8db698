/**
 * The shop's return, exchange and buy-back policy (issue 36): the values the legal pages
 * state (backoffice.md section 9), kept as the owner's settings so the refund, shipping and
 * terms pages, the product page's promises and the return rules read one thing and never
 * disagree. `DEFAULT_SHOP_POLICY` is the documents' values; the owner edits them in the
 * back office (PUT /setshoppolicy), checked by `shopPolicyProblems`.
 *
 * Keys are written as the API and the stored JSON write them (snake_case), so the type, the
 * stored setting and the answer are one shape. Percentages are of the value named (0-100, at
 * most two decimals); money is paise; windows are whole hours.
 */

import { hoursText } from './dates.ts';
import { formatMoney, percentOf, toMajor } from './money.ts';
import { DEFAULT_CANCEL_WINDOW_HOURS } from './orders.ts';
import { DEFAULT_REFUND_DAYS, refundDaysText } from './payments.ts';

/** Kinds of piece that cannot be returned unless defective (the refund policy's "custom, engraved or personalised"). */
export const NON_RETURNABLE_KINDS = ['custom', 'engraved', 'personalised'] as const;
export type NonReturnableKind = (typeof NON_RETURNABLE_KINDS)[number];

/** Who pays to send a return back: the customer (deducted from the refund) or the shop. Defective or wrong items: always the shop. */
export const RETURN_SHIPPING_PAYERS = ['customer', 'shop'] as const;
export type ReturnShippingPayer = (typeof RETURN_SHIPPING_PAYERS)[number];

export interface ShopPolicy {
  /** Hours after placement a shopper may cancel (half open: at exactly this many hours it has closed). */
  cancel_window_hours: number;
  /** Hours after delivery a return may be requested. */
  return_window_hours: number;
  /** Hours after delivery damage or a defect must be reported. */
  defect_report_hours: number;
  /** The condition a returned piece must be in, as the refund page states it. */
  return_conditions: string;
  /** Kinds of piece that cannot be returned unless defective. */
  non_returnable_kinds: NonReturnableKind[];
  /** The collection of which only part of the price is refunded ("Everyday Collection"). */
  partial_refund_collection: string;
  /** Percent of the price refunded for a piece of that collection (the rest covers making charges). */
  partial_refund_percent: number;
  /** Who pays return shipping (unless the item is defective or the wrong one: then the shop). */
  return_shipping_paid_by: ReturnShippingPayer;
  /** Paise deducted from a refund for return shipping when the customer pays it (0: the customer sends it back at their own cost). */
  return_shipping_charge: number;
  /** Business days a refund takes, from approval: the least and the most. */
  refund_days_min: number;
  refund_days_max: number;
  /** Whether the shipping charge of the order is refunded with the pieces. */
  shipping_refunded: boolean;
  /** Whether eligible pieces may be exchanged. */
  exchange_allowed: boolean;
  /** Exchange value: percent of today's metal value, of the stones' value and of the making charge. */
  exchange_metal_percent: number;
  exchange_stone_percent: number;
  exchange_making_percent: number;
  /** Buy-back value: percent of today's metal value, of the stones' value and of the making charge. */
  buyback_metal_percent: number;
  buyback_stone_percent: number;
  buyback_making_percent: number;
  /** Days an exchange or buy-back quote holds. */
  quote_valid_days: number;
}

/** The documents' values (backoffice.md section 9): the demo defaults. */
export const DEFAULT_SHOP_POLICY: ShopPolicy = {
  cancel_window_hours: DEFAULT_CANCEL_WINDOW_HOURS,
  return_window_hours: 2,
  defect_report_hours: 2,
  return_conditions: 'The item must be unused and in its original condition, with its original packaging, certificates and invoice.',
  non_returnable_kinds: ['custom', 'engraved', 'personalised'],
  partial_refund_collection: 'Everyday Collection',
  partial_refund_percent: 50,
  return_shipping_paid_by: 'customer',
  return_shipping_charge: 0,
  ...DEFAULT_REFUND_DAYS,
  shipping_refunded: false,
  exchange_allowed: true,
  exchange_metal_percent: 100,
  exchange_stone_percent: 80,
  exchange_making_percent: 0,
  buyback_metal_percent: 90,
  buyback_stone_percent: 50,
  buyback_making_percent: 0,
  quote_valid_days: 1,
};

/** The bounds of each value, shared by the validator, the API's schema and the back-office form. */
export const SHOP_POLICY_LIMITS = {
  /** A window of at most a year, in hours. */
  windowHoursMax: 8_760,
  refundDaysMax: 90,
  quoteValidDaysMax: 30,
  /** ₹10,000.00 in paise. */
  returnShippingChargeMax: 10_000_00,
  textMax: 500,
  collectionMax: 60,
} as const;

/** A percentage the policy holds: 0 to 100, at most two decimals. */
export function isPolicyPercent(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/** A percentage (0-100, two decimals) as basis points, for money.ts percentOf. */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** `amount` (minor units) at `percent` of it, rounded half-up to the minor unit. */
export function atPercent(amountMinor: number, percent: number): number {
  return percentOf(amountMinor, percentToBasisPoints(percent));
}

const isWhole = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

export interface PolicyProblem {
  field: keyof ShopPolicy;
  message: string;
}

const PERCENT_FIELDS: { field: keyof ShopPolicy; label: string }[] = [
  { field: 'partial_refund_percent', label: 'The part refunded' },
  { field: 'exchange_metal_percent', label: 'The exchange rate for metal' },
  { field: 'exchange_stone_percent', label: 'The exchange rate for stones' },
  { field: 'exchange_making_percent', label: 'The exchange rate for making' },
  { field: 'buyback_metal_percent', label: 'The buy-back rate for metal' },
  { field: 'buyback_stone_percent', label: 'The buy-back rate for stones' },
  { field: 'buyback_making_percent', label: 'The buy-back rate for making' },
];

const WINDOW_FIELDS: { field: keyof ShopPolicy; label: string; min: number }[] = [
  { field: 'cancel_window_hours', label: 'The cancellation window', min: 0 },
  { field: 'return_window_hours', label: 'The return window', min: 0 },
  { field: 'defect_report_hours', label: 'The time to report damage', min: 1 },
];

/**
 * What is wrong with a whole policy, field by field, in words (empty: it may be saved).
 * Pure and zod-free: the API, the db and the back-office form all check with it.
 */
export function shopPolicyProblems(policy: ShopPolicy): PolicyProblem[] {
  const problems: PolicyProblem[] = [];
  const add = (field: keyof ShopPolicy, message: string) => problems.push({ field, message });
  for (const { field, label } of PERCENT_FIELDS) {
    if (!isPolicyPercent(policy[field])) add(field, `${label} must be a percentage from 0 to 100, with at most two decimals.`);
  }
  for (const { field, label, min } of WINDOW_FIELDS) {
    if (!isWhole(policy[field], min, SHOP_POLICY_LIMITS.windowHoursMax)) add(field, `${label} must be a whole number of hours from ${min} to ${SHOP_POLICY_LIMITS.windowHoursMax} (a year).`);
  }
  if (!isWhole(policy.refund_days_min, 1, SHOP_POLICY_LIMITS.refundDaysMax)) add('refund_days_min', `The refund time must be from 1 to ${SHOP_POLICY_LIMITS.refundDaysMax} business days.`);
  if (!isWhole(policy.refund_days_max, 1, SHOP_POLICY_LIMITS.refundDaysMax)) add('refund_days_max', `The refund time must be from 1 to ${SHOP_POLICY_LIMITS.refundDaysMax} business days.`);
  else if (isWhole(policy.refund_days_min, 1, SHOP_POLICY_LIMITS.refundDaysMax) && policy.refund_days_max < policy.refund_days_min) {
    add('refund_days_max', 'The most business days a refund takes cannot be fewer than the least.');
  }
  if (!isWhole(policy.quote_valid_days, 1, SHOP_POLICY_LIMITS.quoteValidDaysMax)) add('quote_valid_days', `A quote must hold from 1 to ${SHOP_POLICY_LIMITS.quoteValidDaysMax} days.`);
  if (!isWhole(policy.return_shipping_charge, 0, SHOP_POLICY_LIMITS.returnShippingChargeMax)) add('return_shipping_charge', 'The return shipping charge must be from ₹0.00 to ₹10,000.00.');
  if (!(RETURN_SHIPPING_PAYERS as readonly string[]).includes(policy.return_shipping_paid_by)) add('return_shipping_paid_by', 'Return shipping is paid by the customer or the shop.');
  const conditions = typeof policy.return_conditions === 'string' ? policy.return_conditions.trim() : '';
  if (conditions.length === 0 || conditions.length > SHOP_POLICY_LIMITS.textMax) add('return_conditions', `The return conditions must be written, in at most ${SHOP_POLICY_LIMITS.textMax} characters.`);
  const collection = typeof policy.partial_refund_collection === 'string' ? policy.partial_refund_collection.trim() : '';
  if (collection.length === 0 || collection.length > SHOP_POLICY_LIMITS.collectionMax) add('partial_refund_collection', `The collection's name must be written, in at most ${SHOP_POLICY_LIMITS.collectionMax} characters.`);
  const kinds = policy.non_returnable_kinds;
  if (!Array.isArray(kinds) || kinds.some((k) => !(NON_RETURNABLE_KINDS as readonly string[]).includes(k)) || new Set(kinds).size !== kinds.length) {
    add('non_returnable_kinds', `Non-returnable kinds are some of ${NON_RETURNABLE_KINDS.join(', ')}, each once.`);
  }
  for (const field of ['shipping_refunded', 'exchange_allowed'] as const) {
    if (typeof policy[field] !== 'boolean') add(field, `${field} must be true or false.`);
  }
  return problems;
}

/** A policy with its texts tidied (trimmed, spaces run together) and the non-returnable kinds in their usual order. */
export function tidyShopPolicy(policy: ShopPolicy): ShopPolicy {
  const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();
  return {
    ...policy,
    return_conditions: tidy(policy.return_conditions),
    partial_refund_collection: tidy(policy.partial_refund_collection),
    non_returnable_kinds: NON_RETURNABLE_KINDS.filter((k) => policy.non_returnable_kinds.includes(k)),
  };
}

/** A stored policy read back: the defaults for any value never set (a policy saved before a value existed). */
export function withPolicyDefaults(saved: Partial<ShopPolicy> | null | undefined): ShopPolicy {
  return { ...DEFAULT_SHOP_POLICY, ...(saved ?? {}) };
}

// ---- The policy in words: the legal pages and the product page say it with these. ----

/** "50%" or "12.5%". */
export function percentText(percent: number): string {
  return `${Number(percent.toFixed(2))}%`;
}

/** "Custom, engraved or personalised" (null when every kind may be returned). */
export function nonReturnableText(kinds: readonly NonReturnableKind[]): string | null {
  const ordered = NON_RETURNABLE_KINDS.filter((k) => kinds.includes(k));
  if (ordered.length === 0) return null;
  const text = ordered.length === 1 ? ordered[0] : `${ordered.slice(0, -1).join(', ')} or ${ordered[ordered.length - 1]}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Money in words for the policy's sentences: ₹250.00. */
const rupeesText = (paise: number) => formatMoney(toMajor(paise), 'INR', { cents: true });

/** The policy said in sentences, one a subject: the API answers them, and the product page and the back office's preview show them. */
export interface PolicyWords {
  cancellation: string;
  returns: string;
  non_returnable: string | null;
  partial_refund: string | null;
  return_shipping: string;
  refunds: string;
  exchange: string;
  buyback: string;
}

/** Who pays return shipping, in one sentence (with the amount deducted when the customer pays and the owner set one). */
export function returnShippingText(policy: Pick<ShopPolicy, 'return_shipping_paid_by' | 'return_shipping_charge'>): string {
  if (policy.return_shipping_paid_by === 'shop') return 'Return shipping is paid by us.';
  const charge = policy.return_shipping_charge > 0 ? ` (${rupeesText(policy.return_shipping_charge)}, deducted from the refund)` : '';
  return `Return shipping is paid by the customer${charge}, unless the item is defective or we sent the wrong item.`;
}

/** The value an exchange or buy-back gives, in words: "100% of the metal's value at the day's rate, stones at 80%, making at 0%". */
function valueText(metal: number, stones: number, making: number): string {
  return `${percentText(metal)} of the metal's value at the day's rate, stones at ${percentText(stones)} of their value and making charges at ${percentText(making)}`;
}

export function policyWords(policy: ShopPolicy): PolicyWords {
  const kinds = nonReturnableText(policy.non_returnable_kinds);
  return {
    cancellation: `An order may be cancelled within ${hoursText(policy.cancel_window_hours)} of placement.`,
    returns:
      policy.return_window_hours === 0
        ? 'Returns are not accepted, except for damaged or defective items.'
        : `The return must be requested and the item returned within ${hoursText(policy.return_window_hours)} of delivery. ${policy.return_conditions}`,
    non_returnable: kinds && `${kinds} items cannot be returned unless they are defective.`,
    partial_refund:
      policy.partial_refund_percent >= 100 ? null : `${policy.partial_refund_collection}: only ${percentText(policy.partial_refund_percent)} of the purchase price is refunded; the rest covers making charges.`,
    return_shipping: returnShippingText(policy),
    refunds: `Refunds are made within ${refundDaysText(policy)} of approval, to the original payment method. ${policy.shipping_refunded ? 'Shipping charges are refunded too.' : 'Shipping charges are not refunded.'}`,
    exchange: policy.exchange_allowed ? `Eligible items may be exchanged at ${valueText(policy.exchange_metal_percent, policy.exchange_stone_percent, policy.exchange_making_percent)}.` : 'Exchanges are not offered.',
    buyback: `We buy back jewellery bought here at ${valueText(policy.buyback_metal_percent, policy.buyback_stone_percent, policy.buyback_making_percent)}; a quote holds for ${policy.quote_valid_days === 1 ? '1 day' : `${policy.quote_valid_days} days`}.`,
  };
}

/** What the product page promises about returning and exchanging a piece, from the policy and the product's flags: a line or two. */
export function productPromises(policy: ShopPolicy, product: { partial_refund: boolean; non_returnable: NonReturnableKind | null }): string[] {
  const lines: string[] = [];
  if (product.non_returnable) lines.push(`${product.non_returnable.charAt(0).toUpperCase()}${product.non_returnable.slice(1)} piece: cannot be returned unless defective`);
  else if (policy.return_window_hours === 0) lines.push('Returns only if damaged or defective');
  else if (product.partial_refund) lines.push(`${policy.partial_refund_collection}: returns within ${hoursText(policy.return_window_hours)} of delivery, ${percentText(policy.partial_refund_percent)} of the price refunded`);
  else lines.push(`Returns within ${hoursText(policy.return_window_hours)} of delivery`);
  if (policy.exchange_allowed) lines.push(`Exchange at ${percentText(policy.exchange_metal_percent)} of the gold's value at the day's rate`);
  return lines;
}
