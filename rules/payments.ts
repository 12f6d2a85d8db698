/**
 * An order's payment status, as every order answer tells it:
 *
 * - unpaid: cash on delivery, not collected yet (or never, once cancelled);
 * - paid: an online payment the provider confirmed, or cash collected on delivery;
 * - refund_pending: cancelled after payment; the refund is asked of the provider;
 * - refunded: the provider accepted the refund (amount and date recorded).
 */

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

/** The payment status of an order when it is placed. */
export function paymentStatusOnPlacement(method: PaymentMethod): PaymentStatus {
  return method === 'online' ? 'paid' : 'unpaid';
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
