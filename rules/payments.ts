/**
 * An order's payment status, as every order answer tells it:
 *
 * - unpaid: cash on delivery, not collected yet (or never, once cancelled);
 * - paid: an online payment the provider confirmed, cash collected on delivery, or store credit that paid the whole order;
 * - refund_pending: cancelled after payment; the refund is asked of the provider;
 * - refunded: the provider accepted the refund (amount and date recorded).
 */

import { type Currency, formatMoney, toMajor } from './money.ts';
import { ORDER_STATUS } from './orders.ts';

export const PAYMENT_STATUSES = ['unpaid', 'paid', 'refund_pending', 'refunded'] as const;

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
};

/** How a shopper pays: cash on delivery or online through the provider. */
export type PaymentMethod = 'cod' | 'online';

/**
 * How an order was paid, as it records it (orders.payment_method): the shopper's way, or
 * 'store_credit' when their store credit paid the whole total (issue 36): nothing is collected on
 * delivery and nothing goes through the provider, so it is neither cash nor online.
 */
export type OrderPaymentMethod = PaymentMethod | 'store_credit';

/** An order's payment method in words (invoice, account, messages). */
export const PAYMENT_METHOD_LABELS: Record<OrderPaymentMethod, string> = { cod: 'Cash on Delivery', online: 'Online Payment', store_credit: 'Store credit' };

/** The method an order records: store credit when it pays the whole total, else the way the shopper chose. */
export function orderPaymentMethod(chosen: PaymentMethod, total: number, storeCredit: number): OrderPaymentMethod {
  return storeCredit > 0 && storeCredit >= total ? 'store_credit' : chosen;
}

/** The payment status of an order when it is placed: cash on delivery is unpaid until collected; online and store credit are paid. */
export function paymentStatusOnPlacement(method: OrderPaymentMethod): PaymentStatus {
  return method === 'cod' ? 'unpaid' : 'paid';
}

/**
 * The payment status an order takes when its status changes to `to`: a paid
 * order that is cancelled owes a refund; cash on delivery is collected on
 * delivery. Anything else keeps its payment status.
 */
export function paymentStatusAfter(to: number, current: PaymentStatus): PaymentStatus {
  if (to === ORDER_STATUS.cancelled && current === 'paid') return 'refund_pending';
  if (to === ORDER_STATUS.delivered && current === 'unpaid') return 'paid';
  return current;
}

/**
 * Whether cancelling an order with this payment status gives money back, so
 * the shop must confirm the amount first (the shopper's own cancel is its own
 * confirmation).
 */
export function cancelRefunds(current: PaymentStatus): boolean {
  return current === 'paid';
}

/** A stored payment status read defensively: the legacy 'cod' is unpaid. */
export function asPaymentStatus(value: string): PaymentStatus {
  if ((PAYMENT_STATUSES as readonly string[]).includes(value)) return value as PaymentStatus;
  return 'unpaid';
}

/**
 * A payment record's state as the back office lists it (GET /getpayments). The stored
 * status says more: 'used' is a paid payment its order was placed with (o_id), and
 * 'refund_due' a refund asked of the provider and not yet accepted.
 */
export const PAYMENT_RECORD_STATES = ['created', 'paid', 'refund_pending', 'refunded', 'abandoned', 'failed'] as const;

export type PaymentRecordState = (typeof PAYMENT_RECORD_STATES)[number];

const RECORD_STATE_OF_STORED: Record<string, PaymentRecordState> = {
  created: 'created',
  paid: 'paid',
  used: 'paid',
  refund_due: 'refund_pending',
  refunded: 'refunded',
  abandoned: 'abandoned',
  failed: 'failed',
};

/** The listed state of a stored payment status. */
export function paymentRecordState(stored: string): PaymentRecordState {
  return RECORD_STATE_OF_STORED[stored] ?? 'created';
}

/** The stored statuses a listed state stands for. */
export function storedPaymentStatuses(state: PaymentRecordState): string[] {
  return Object.entries(RECORD_STATE_OF_STORED)
    .filter(([, listed]) => listed === state)
    .map(([stored]) => stored);
}

/**
 * Whether a payment is on its way to being settled rather than settled: money taken with no
 * order past the payment's life (within it, the shopper's return is still expected), a refund
 * the provider has not accepted, or a payment still open past its life. The reconciliation
 * settles each of these within one interval; one that stays is a fault to look into.
 */
export function paymentNeedsAttention(payment: { status: string; o_id: number | null; locked_until: string | null }, nowText: string): boolean {
  const lapsed = payment.locked_until !== null && payment.locked_until < nowText;
  if (payment.status === 'paid' && payment.o_id === null) return lapsed;
  if (payment.status === 'refund_due') return true;
  return payment.status === 'created' && lapsed;
}

/** The refund timing the documents state: 7-10 business days (the shop policy's default; the owner may change it). */
export const DEFAULT_REFUND_DAYS = { refund_days_min: 7, refund_days_max: 10 };

/** The refund days in words: "7-10 business days" (or "7 business days" when the least and most are equal). */
/** The timeline's words when the provider accepts a refund of `amount` (minor units of `currency`): an order's or a return's. */
export function refundAcceptedNote(amount: number, currency: Currency): string {
  return `Refund of ${formatMoney(toMajor(amount), currency, { cents: true })} accepted by the payment provider.`;
}

export function refundDaysText(days: RefundDays): string {
  return days.refund_days_min === days.refund_days_max ? `${days.refund_days_min} business days` : `${days.refund_days_min}-${days.refund_days_max} business days`;
}

/** How many business days a refund takes, least and most (the shop policy's refund_days_*). */
export interface RefundDays {
  refund_days_min: number;
  refund_days_max: number;
}

/** How long a refund takes to reach the shopper under the default shop policy ("within 7-10 business days"); the policy in force may say otherwise (issue 36). */
export const REFUND_TIMING = refundTiming(DEFAULT_REFUND_DAYS);

/**
 * The day a refund asked for at `at` reaches the shopper at the latest: the policy's most
 * business days later (Saturdays and Sundays not counted), as 'YYYY-MM-DD' (UTC).
 * Friday 27 Nov 2026 with 3-5 days: Friday 4 Dec 2026.
 */
export function refundExpectedBy(at: Date, days: RefundDays): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  for (let left = days.refund_days_max; left > 0; ) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) left -= 1;
  }
  return day.toISOString().slice(0, 10);
}

/** How long a refund takes to reach the shopper under `policy`, as a sentence ends it: "within 7-10 business days". */
export function refundTiming(policy: RefundDays): string {
  return `within ${refundDaysText(policy)}`;
}

/**
 * What a shopper who paid is told when no order could be made of their payment: why, and
 * what happened to their money, in words (never "nothing was charged" once something was);
 * `timing`: the shop policy's refund timing (refundTiming).
 */
export function unplacedPaymentMessage(reason: string, amountText: string, refund: 'accepted' | 'pending', timing: string = REFUND_TIMING): string {
  const why = /[.!?]$/.test(reason.trim()) ? reason.trim() : `${reason.trim()}.`;
  return refund === 'accepted'
    ? `We could not place your order: ${why} Your payment of ${amountText} has been refunded in full to your original payment method, so in the end you are not charged; it reaches you ${timing}.`
    : `We could not place your order: ${why} Your payment of ${amountText} is being refunded in full to your original payment method, so in the end you are not charged; it reaches you ${timing}.`;
}
