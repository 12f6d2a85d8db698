import { formatDate } from '../../rules/dates.ts';
import { formatMoney } from '../../rules/money.ts';
import { ORDER_STATUS } from '../../rules/orders.ts';
import { asPaymentStatus } from '../../rules/payments.ts';
import type { components } from './api/schema.d.ts';

/** An order line as GET /getorder/{u_id} answers it: a snapshot of what was bought. */
export type OrderItem = components['schemas']['OrderItem'];

/** An order as GET /getorder/{u_id} and POST /getuserorder answer it. */
export type Order = components['schemas']['Order'];

/** One of the shopper's orders as GET /trackorder/{o_id} answers it: the order, the date of each step, the courier's page, its GST. */
export type TrackedOrder = components['schemas']['TrackedOrder'];

/** The date each status was last reached (a status the shop moved back from and reached again: its latest date). */
export function stepDates(steps: ReadonlyArray<{ status: number; at: string }>): Map<number, string> {
  return new Map(steps.map((s) => [s.status, s.at]));
}

/** The four tracking steps (§4). */
export const TRACKING_STEPS = ['Pending', 'Processing', 'Shipped', 'Delivered'] as const;

export { statusLabel, trackingStep } from '../../rules/orders.ts';

/**
 * Whether the Cancel action is offered: the server says so, and its cancellation window
 * (`cancel_until`, the shop policy's, issue 36) has not closed since the page loaded the order.
 */
export function canCancel(order: Pick<Order, 'cancellable' | 'cancel_until'>, now = Date.now()): boolean {
  return order.cancellable === true && order.cancel_until !== null && now < Date.parse(order.cancel_until);
}

/** Whether any order that was not cancelled holds the product: a buyer may review it (DESIGN.md). */
export function hasBought(orders: ReadonlyArray<Pick<Order, 'status' | 'orderItems'>> | null | undefined, p_id: number): boolean {
  return Boolean(orders?.some((order) => order.status !== ORDER_STATUS.cancelled && order.orderItems?.some((item) => item.p_id === p_id || item.product?.p_id === p_id)));
}

/**
 * The payment as the shopper reads it: "Paid", "Pay on delivery", "Refund of
 * ₹24,999.50 in progress", "Refunded ₹24,999.50 on 24 Nov 2026"; the tone
 * picks the pill's colour.
 */
export function paymentState(
  order: Pick<Order, 'payment_method' | 'total' | 'currency' | 'status'> & Partial<Pick<Order, 'payment_status' | 'refund_amount' | 'refunded_at'>>,
): { text: string; tone: 'paid' | 'due' | 'refund' | 'refunded' } {
  const status = order.payment_status === undefined ? (order.payment_method === 'online' ? 'paid' : 'unpaid') : asPaymentStatus(order.payment_status);
  const amount = formatMoney(order.refund_amount ?? order.total, order.currency);
  switch (status) {
    case 'paid':
      return { text: 'Paid', tone: 'paid' };
    case 'refund_pending':
      return { text: `Refund of ${amount} in progress`, tone: 'refund' };
    case 'refunded': {
      const when = formatDate(order.refunded_at, '');
      return { text: `Refunded ${amount}${when ? ` on ${when}` : ''}`, tone: 'refunded' };
    }
    default:
      return { text: order.status === ORDER_STATUS.cancelled ? 'Not charged' : 'Pay on delivery', tone: 'due' };
  }
}

