/**
 * The order desk's pure helpers: what the status dropdown offers, the
 * question a refunding cancel asks, how a payment status reads, the list's
 * query. No I/O here; the screens call the API.
 */
import { type Currency } from '../../rules/money.ts';
import { isOrderStatus, nextStatusesForShop, ORDER_STATUS, type OrderStatus, statusLabel } from '../../rules/orders.ts';
import { asPaymentStatus, PAYMENT_STATUS_LABELS, type PaymentStatus } from '../../rules/payments.ts';
import type { Params } from '../lib/api/client.ts';
import { formatOrderMoney } from './format.ts';

/** The fields of an order the desk reads (openapi.yaml Order and the administrator's extras). */
export interface DeskOrder {
  o_id: number;
  status: number;
  currency?: Currency;
  total: number;
  payment_method: string;
  payment_status: string;
  refund_amount?: number | null;
  refunded_at?: string | null;
  /** Statuses the shop may set next, as the server says; absent: the rules decide. */
  next_statuses?: number[];
  /** What cancelling now refunds (the order's currency), null when nothing. */
  refund_on_cancel?: number | null;
}

/** The statuses the dropdown offers: the current one, then those the shop may set next. */
export function statusChoices(order: Pick<DeskOrder, 'status' | 'next_statuses'>): Array<{ value: number; label: string }> {
  const next = order.next_statuses ?? nextStatusesForShop(order.status);
  const current = isOrderStatus(order.status) ? order.status : ORDER_STATUS.pending;
  return [current, ...next.filter((s) => s !== current)].map((value) => ({ value, label: statusLabel(value) }));
}

/**
 * What cancelling this order would give back, or null when a cancel refunds
 * nothing (cash on delivery not collected, already refunded, not cancellable).
 */
export function refundOnCancel(order: DeskOrder): number | null {
  if (order.refund_on_cancel !== undefined) return order.refund_on_cancel;
  const next = order.next_statuses ?? nextStatusesForShop(order.status);
  return next.includes(ORDER_STATUS.cancelled) && asPaymentStatus(order.payment_status) === 'paid' ? order.total : null;
}

/** The question before a cancel that refunds: "Cancel order #12 and refund ₹24,999.50 to the shopper?" */
export function refundQuestion(order: Pick<DeskOrder, 'o_id' | 'currency'>, amount: number): string {
  return `Cancel order #${order.o_id} and refund ${formatOrderMoney(amount, order.currency ?? 'INR')} to the shopper?`;
}

/** How a payment reads in the desk: its label, and a tone for its badge. */
export function paymentBadge(order: Pick<DeskOrder, 'payment_status' | 'payment_method'>): { label: string; tone: 'on' | 'off' | 'warn' | 'muted'; status: PaymentStatus } {
  const status = asPaymentStatus(order.payment_status);
  const cod = order.payment_method === 'cod';
  switch (status) {
    case 'paid':
      return { label: cod ? 'Paid (cash)' : 'Paid', tone: 'on', status };
    case 'refund_pending':
      return { label: PAYMENT_STATUS_LABELS.refund_pending, tone: 'warn', status };
    case 'refunded':
      return { label: PAYMENT_STATUS_LABELS.refunded, tone: 'muted', status };
    default:
      return { label: cod ? 'Unpaid (COD)' : 'Unpaid', tone: 'off', status };
  }
}

/** The payment method as a person says it. */
export function paymentMethodLabel(method: string): string {
  if (method === 'cod') return 'Cash on delivery';
  if (method === 'online') return 'Online';
  return method || 'N/A';
}

/** The order list's question to the server: status and search only when given. */
export function orderListQuery(page: number, perPage: number, status: string, search: string): Params<'/getorderlist', 'get'> {
  const query: Params<'/getorderlist', 'get'> = { page, perPage };
  const wanted = Number(status);
  if (status && isOrderStatus(wanted)) query.status = wanted;
  if (search.trim()) query.search = search.trim();
  return query;
}

/** One line of the status history: "Pending → Processing", or "Placed (Pending)" for the first. */
export function historyLine(change: { from_status: number | null; to_status: number }): string {
  if (change.from_status === null) return `Placed (${statusLabel(change.to_status)})`;
  return `${statusLabel(change.from_status)} → ${statusLabel(change.to_status)}`;
}

/** Who made a change, as the timeline says it. */
export function actorLabel(change: { actor: string; by?: string | null }): string {
  if (change.actor === 'shop') return change.by ? `${change.by} (shop)` : 'The shop';
  if (change.actor === 'shopper') return change.by ? `${change.by} (shopper)` : 'The shopper';
  return 'Payment provider';
}

export type { OrderStatus };
