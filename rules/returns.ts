/**
 * Returns, exchanges and buy-backs (issue 36): who may ask for what, the one lifecycle of a
 * request, the HUID check at inspection, and what a return gives back, computed from the
 * shop's policy (rules/shop-policy.ts). Pure: no database, no HTTP; the API (api/returns),
 * the database (db/queries/returns.ts) and the screens read the same rules.
 *
 * Money is integer minor units of the order's currency (paise or cents) unless named otherwise.
 */

import { type Currency, formatMoney, toMajor } from './money.ts';
import { dollarsFromRupees } from './pricing.ts';
import { apportion } from './tax.ts';
import { atPercent, type ShopPolicy } from './shop-policy.ts';

/** What the shopper asks for: money back, store credit toward another piece, or the shop buying the gold back. */
export const RETURN_KINDS = ['refund', 'exchange', 'buyback'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

export const RETURN_KIND_LABELS: Record<ReturnKind, string> = { refund: 'Refund', exchange: 'Exchange (store credit)', buyback: 'Buy-back' };

/** Every status of a request, in lifecycle order. */
export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'picked_up', 'received', 'inspected', 'refunded', 'credited', 'withdrawn'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  picked_up: 'Picked up',
  received: 'Received',
  inspected: 'Inspected',
  refunded: 'Refunded',
  credited: 'Credited',
  withdrawn: 'Withdrawn',
};

/** The statuses the back office sets (requested and withdrawn come from the shopper). */
export const DESK_STATUSES = ['approved', 'rejected', 'picked_up', 'received', 'inspected', 'refunded', 'credited'] as const;
export type DeskStatus = (typeof DESK_STATUSES)[number];

/** A request that ended: nothing changes it any more. */
export const FINAL_RETURN_STATUSES: readonly ReturnStatus[] = ['rejected', 'refunded', 'credited', 'withdrawn'];

/** Statuses whose pieces are no longer asked back (they may be asked again in another request). */
export const RELEASED_RETURN_STATUSES: readonly ReturnStatus[] = ['rejected', 'withdrawn'];

export function isReturnStatus(value: unknown): value is ReturnStatus {
  return typeof value === 'string' && (RETURN_STATUSES as readonly string[]).includes(value);
}

/** Why a piece comes back: a fixed list, so the desk can sort and count them. */
export const RETURN_REASONS = {
  changed_mind: 'I changed my mind',
  size_fit: 'Wrong size or fit',
  not_as_described: 'Not as described or pictured',
  defective: 'Defective or broken',
  damaged_in_transit: 'Damaged when it arrived',
  wrong_item: 'A different piece was delivered',
  upgrade: 'Exchanging for another design',
  sell_gold: 'Selling the gold back (buy-back)',
  other: 'Another reason',
} as const;
export type ReturnReason = keyof typeof RETURN_REASONS;
export const RETURN_REASON_KEYS = Object.keys(RETURN_REASONS) as ReturnReason[];

/** Most characters of the shopper's words about a request, and of a note on a step. */
export const RETURN_NOTE_MAX = 1000;

/** The shop's fault: the shop pays return shipping, non-returnable pieces may come back, the defect window applies. */
export const SHOP_FAULT_REASONS: readonly ReturnReason[] = ['defective', 'damaged_in_transit', 'wrong_item'];

export function isReturnReason(value: unknown): value is ReturnReason {
  return typeof value === 'string' && Object.hasOwn(RETURN_REASONS, value);
}

/** The policy values the return rules read (rules/shop-policy.ts: the same setting the legal pages state). */
export type ReturnPolicy = Pick<
  ShopPolicy,
  | 'return_window_hours'
  | 'defect_report_hours'
  | 'non_returnable_kinds'
  | 'partial_refund_collection'
  | 'partial_refund_percent'
  | 'return_shipping_paid_by'
  | 'return_shipping_charge'
  | 'shipping_refunded'
  | 'exchange_allowed'
>;

const HOUR_MS = 3_600_000;

/** The hours after delivery a request of this kind and reason may be made; null: no limit (buy-back). */
export function windowHours(policy: ReturnPolicy, kind: ReturnKind, reason: ReturnReason): number | null {
  if (kind === 'buyback') return null;
  return SHOP_FAULT_REASONS.includes(reason) ? policy.defect_report_hours : policy.return_window_hours;
}

/** When the ordinary return window closes (ms since the epoch), from the delivery time. */
export function returnWindowClosesAt(policy: ReturnPolicy, deliveredAt: number): number {
  return deliveredAt + policy.return_window_hours * HOUR_MS;
}

/** "2 hours", "1 day", "3 days": a window in words. */
function hoursWords(hours: number): string {
  if (hours >= 24 && hours % 24 === 0) return hours === 24 ? '1 day' : `${hours / 24} days`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** An order line as the request rules read it. */
export interface ReturnableLine {
  oi_id: number;
  product_name: string;
  quantity: number;
  /** Pieces of the line already asked back by a live request (or returned). */
  already_returned: number;
  /** The return terms the piece was sold under (order_items' copy of its product's flags, issue 36): non-returnable kind, partial-refund collection. */
  non_returnable: string | null;
  partial_refund: boolean;
}

export interface ReturnRequestInput {
  kind: ReturnKind;
  reason: ReturnReason;
  /** The order's status (4 Delivered) and when it was delivered (ms); null when it never was. */
  order_status: number;
  delivered_at: number | null;
  items: { oi_id: number; quantity: number }[];
  lines: ReturnableLine[];
  now: number;
}

/**
 * Why a request cannot be made, in words (null: it may). The order must be delivered; a
 * refund or exchange within the window after delivery (the defect window for a fault of the
 * shop's; buy-back has none); each line the order's, each piece asked once, never more than the
 * line's pieces not yet asked back; a non-returnable piece only for a fault of the shop's (or
 * bought back); an exchange only where the policy offers it.
 */
export function returnRequestRefusal(policy: ReturnPolicy, input: ReturnRequestInput): string | null {
  if (input.order_status !== 4 || input.delivered_at === null) return 'A return can be asked for once the order has been delivered.';
  if (input.items.length === 0) return 'Choose at least one piece to return.';
  if (input.kind === 'exchange' && !policy.exchange_allowed) return 'The shop does not offer exchanges at the moment; you may ask for a refund.';
  const hours = windowHours(policy, input.kind, input.reason);
  if (hours !== null && input.now >= input.delivered_at + hours * HOUR_MS) {
    return SHOP_FAULT_REASONS.includes(input.reason)
      ? `Damage or a defect must be reported within ${hoursWords(hours)} of delivery; that time has passed for this order.`
      : `Returns are accepted within ${hoursWords(hours)} of delivery; that time has passed for this order. You may still sell the gold back (buy-back).`;
  }
  const seen = new Set<number>();
  for (const item of input.items) {
    const line = input.lines.find((l) => l.oi_id === item.oi_id);
    if (!line) return `Item ${item.oi_id} is not part of this order.`;
    if (seen.has(item.oi_id)) return `"${line.product_name}" is named twice: give each piece once, with its quantity.`;
    seen.add(item.oi_id);
    if (!Number.isInteger(item.quantity) || item.quantity < 1) return `The quantity of "${line.product_name}" must be 1 or more.`;
    const left = line.quantity - line.already_returned;
    if (left <= 0) return `"${line.product_name}" has already been asked back.`;
    if (item.quantity > left) return `Only ${left} of "${line.product_name}" can still be returned.`;
    if (input.kind !== 'buyback' && line.non_returnable && !SHOP_FAULT_REASONS.includes(input.reason)) {
      return `"${line.product_name}" is ${line.non_returnable} and cannot be returned unless it is defective, damaged or not the piece ordered.`;
    }
  }
  return null;
}

/** Is a line non-returnable under the policy (its product's kind is one the policy lists)? */
export function lineNonReturnable(policy: ReturnPolicy, kind: string | null): string | null {
  return kind && (policy.non_returnable_kinds as readonly string[]).includes(kind) ? kind : null;
}

/**
 * Why a status change is refused, in words (null: allowed). One lifecycle:
 * requested -> approved | rejected; approved -> picked_up (courier and tracking) | rejected;
 * picked_up -> received; received -> inspected (HUIDs matched) | rejected (the piece is not
 * as sold: sent back); inspected -> refunded (refund, buy-back) | credited (exchange).
 * The shopper withdraws while requested or approved (until picked up).
 */
export function returnTransitionRefusal(from: ReturnStatus, to: ReturnStatus, kind: ReturnKind, actor: 'shopper' | 'shop'): string | null {
  if (FINAL_RETURN_STATUSES.includes(from)) return `This return is already ${RETURN_STATUS_LABELS[from].toLowerCase()}: it cannot change any more.`;
  if (actor === 'shopper') {
    if (to !== 'withdrawn') return 'Only the shop moves a return along.';
    return from === 'requested' || from === 'approved' ? null : 'The pieces have already been picked up: the return can no longer be withdrawn.';
  }
  const next = nextReturnStatuses(from, kind);
  if (next.includes(to as DeskStatus)) return null;
  if (to === 'refunded' && kind === 'exchange') return 'An exchange is settled with store credit (credited), not a refund.';
  if (to === 'credited' && kind !== 'exchange') return 'Only an exchange is settled with store credit; this return is refunded.';
  return `A return that is ${RETURN_STATUS_LABELS[from].toLowerCase()} cannot become ${RETURN_STATUS_LABELS[to].toLowerCase()}${next.length ? `; next: ${next.map((s) => RETURN_STATUS_LABELS[s].toLowerCase()).join(' or ')}` : ''}.`;
}

/** The statuses the back office may set next. */
export function nextReturnStatuses(from: ReturnStatus, kind: ReturnKind): DeskStatus[] {
  switch (from) {
    case 'requested':
      return ['approved', 'rejected'];
    case 'approved':
      return ['picked_up', 'rejected'];
    case 'picked_up':
      return ['received'];
    case 'received':
      return ['inspected', 'rejected'];
    case 'inspected':
      return kind === 'exchange' ? ['credited'] : ['refunded'];
    default:
      return [];
  }
}

/** HUID: 6 letters or digits (as PUT /orderhuid records them). */
export const HUID_FORMAT = /^[A-Z0-9]{6}$/;

/**
 * Matches the HUIDs read off the returned pieces with the ones recorded when they were sold:
 * each read HUID must be recorded on a line of the return, each once, and each line must
 * get exactly as many as it returns. Answers the HUIDs by line, or why not in words
 * (a different piece is refused).
 */
export function matchReturnedHuids(
  read: readonly string[],
  lines: readonly { oi_id: number; product_name: string; quantity: number; recorded: readonly string[] }[],
): { huids: Map<number, string[]> } | { refusal: string } {
  const wanted = lines.reduce((n, l) => n + l.quantity, 0);
  const given = read.map((h) => h.trim().toUpperCase());
  if (given.length !== wanted) return { refusal: `Read the HUID of each returned piece: ${wanted} expected, ${given.length} given.` };
  const bad = given.find((h) => !HUID_FORMAT.test(h));
  if (bad !== undefined) return { refusal: `"${bad}" is not a HUID (6 letters or digits).` };
  const twice = given.find((h, i) => given.indexOf(h) !== i);
  if (twice) return { refusal: `HUID ${twice} is given twice: each piece has its own.` };
  const byLine = new Map<number, string[]>(lines.map((l) => [l.oi_id, []]));
  for (const huid of given) {
    const line = lines.find((l) => l.recorded.includes(huid));
    if (!line) return { refusal: `HUID ${huid} is not a piece sold on this order: this is a different piece, and it cannot be accepted as the return.` };
    byLine.get(line.oi_id)!.push(huid);
  }
  for (const line of lines) {
    const got = byLine.get(line.oi_id)!.length;
    if (got !== line.quantity) {
      return { refusal: `"${line.product_name}": ${line.quantity} piece${line.quantity === 1 ? '' : 's'} returned, but ${got} HUID${got === 1 ? '' : 's'} of it read.` };
    }
  }
  return { huids: byLine };
}

/** An order line as the refund reads it. */
export interface RefundLine {
  oi_id: number;
  product_name: string;
  /** Pieces on the order, and their value (minor units) before the coupon. */
  quantity: number;
  line_total: number;
  /** Pieces coming back. */
  returned: number;
  /** In the policy's partial-refund collection. */
  partial_refund: boolean;
}

export interface RefundOrder {
  currency: 'INR' | 'USD';
  /** Paise per US dollar when the order was placed (a dollar order's return shipping charge is converted at it). */
  usd_inr: number | null;
  discount: number;
  shipping: number;
  /** Every line of the order (the coupon's discount is shared over them all, as on the invoice). */
  lines: readonly { oi_id: number; line_total: number }[];
  /** Pieces of the order not returned before this request and not in it (0: this return takes the rest). */
  pieces_left_after: number;
}

export interface RefundLineFigure {
  oi_id: number;
  product_name: string;
  returned: number;
  /** The returned pieces' share of the line, after its share of the coupon discount (what was paid for them). */
  paid: number;
  /** Percent refunded: 100, or the partial-refund collection's. */
  percent: number;
  /** What comes back for them. */
  value: number;
}

export interface RefundFigures {
  lines: RefundLineFigure[];
  /** The pieces' value given back (the credit note's value without shipping). */
  goods: number;
  /** The order's shipping given back (the policy refunds it, and this return takes every piece left). */
  shipping_refunded: number;
  /** Return shipping the shopper pays, deducted. */
  return_shipping: number;
  /** What is paid out: goods + shipping_refunded - return_shipping, never below 0. */
  refund: number;
  /** The value the credit note reverses: goods + shipping_refunded. */
  credited: number;
}

/**
 * What a refund or exchange gives back. Each returned piece is worth what was paid for it:
 * its line's value after the line's share of the coupon discount (shared as the invoice
 * shares it), per piece; a piece of the partial-refund collection gives back the policy's
 * percent of it (half-up to the paisa). Shipping is not refunded unless the policy says so
 * and the return takes the last pieces of the order. Return shipping is deducted where the
 * shopper pays it (not for a fault of the shop's).
 *
 * Worked figures (₹): a ₹52,000.00 ring (Everyday Collection, 50%) and a ₹10,000.00 chain, a
 * 10% coupon (₹6,200.00) shared ₹5,200.00 / ₹1,000.00, ₹200.00 return shipping paid by the
 * customer: ring 46,800.00 × 50% = 23,400.00, chain 9,000.00, goods 32,400.00, refund 32,200.00.
 */
export function refundFigures(policy: ReturnPolicy, kind: ReturnKind, reason: ReturnReason, order: RefundOrder, returned: readonly RefundLine[]): RefundFigures {
  const shares = apportion(order.discount, order.lines.map((l) => l.line_total));
  const shareOf = new Map(order.lines.map((l, i) => [l.oi_id, shares[i]]));
  const lines = returned.map((l): RefundLineFigure => {
    const linePaid = l.line_total - (shareOf.get(l.oi_id) ?? 0);
    const paid = l.returned === l.quantity ? linePaid : Math.floor((linePaid * l.returned) / l.quantity);
    const percent = l.partial_refund ? policy.partial_refund_percent : 100;
    const value = percent === 100 ? paid : atPercent(paid, percent);
    return { oi_id: l.oi_id, product_name: l.product_name, returned: l.returned, paid, percent, value };
  });
  const goods = lines.reduce((t, l) => t + l.value, 0);
  const shipping_refunded = policy.shipping_refunded && order.pieces_left_after === 0 && kind !== 'buyback' ? order.shipping : 0;
  const shopperPays = policy.return_shipping_paid_by === 'customer' && !SHOP_FAULT_REASONS.includes(reason);
  const charge = shopperPays ? chargeInCurrency(policy.return_shipping_charge, order) : 0;
  const credited = goods + shipping_refunded;
  const return_shipping = Math.min(charge, credited);
  return { lines, goods, shipping_refunded, return_shipping, refund: credited - return_shipping, credited };
}

/** The policy's return shipping charge (paise) in the order's currency: a dollar order's at its own rate. */
function chargeInCurrency(paise: number, order: Pick<RefundOrder, 'currency' | 'usd_inr'>): number {
  if (paise === 0 || order.currency === 'INR') return paise;
  return order.usd_inr === null || order.usd_inr <= 0 ? 0 : dollarsFromRupees(paise, order.usd_inr);
}

/** The statuses a shopper's request passes through, for a progress bar: where this one stands. */
export function returnProgress(status: ReturnStatus, kind: ReturnKind): ReturnStatus[] {
  const end: ReturnStatus = kind === 'exchange' ? 'credited' : 'refunded';
  if (status === 'rejected' || status === 'withdrawn') return ['requested', status];
  return ['requested', 'approved', 'picked_up', 'received', 'inspected', end];
}

/** What a refund of an order paid partly with store credit gives back each way, minor units. */
export interface RefundSplit {
  /** Back the way the order was paid (the payment provider, or a transfer for cash on delivery). */
  paid_back: number;
  /** Back as store credit: the part the other way never took. */
  store_credit: number;
}

/**
 * Splits a refund: the way the order was paid gives back at most what it took (`paidOtherwise`:
 * the total less the store credit the order used) less what earlier refunds of the order already
 * returned that way; the rest goes back as store credit.
 */
export function refundSplit(refund: number, paidOtherwise: number, alreadyReturned: number): RefundSplit {
  const room = Math.max(0, paidOtherwise - Math.max(0, alreadyReturned));
  const paid_back = Math.max(0, Math.min(refund, room));
  return { paid_back, store_credit: refund - paid_back };
}

const PAID_BACK_WAY: Record<'online' | 'bank' | 'upi', string> = {
  online: 'to the card, UPI or bank account you paid with',
  bank: 'by bank transfer',
  upi: 'by UPI transfer',
};

/** The split in words for the shopper (null when it all goes back one way as before). */
export function refundSplitText(split: RefundSplit, currency: Currency, way: 'online' | 'bank' | 'upi' | null): string | null {
  if (split.store_credit <= 0) return null;
  const credit = formatMoney(toMajor(split.store_credit), currency, { cents: true });
  if (split.paid_back <= 0) return `Your refund of ${credit} comes back as store credit in your account, usable at checkout: this order was paid with store credit.`;
  const back = formatMoney(toMajor(split.paid_back), currency, { cents: true });
  return `Of your refund, ${back} goes back ${PAID_BACK_WAY[way ?? 'online']} and ${credit} comes back as store credit in your account, usable at checkout: that part of the order was paid with store credit.`;
}
