/**
 * The order desk's pure helpers: what the status dropdown offers, the
 * question a status change asks and what it says happens, how a payment
 * status reads, the list's query and how the desk keeps it in the address.
 * No I/O here; the screens call the API.
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

/** The customer's name as the order was placed. */
export function customerName(order: { first_name?: string | null; last_name?: string | null }): string {
  return [order.first_name, order.last_name].map((part) => (part ?? '').trim()).filter(Boolean).join(' ') || 'N/A';
}

/** An order as the status question reads it: the desk's fields, the name it was placed in, its pieces and their HUIDs. */
export type StatusOrder = DeskOrder & { first_name?: string | null; last_name?: string | null; orderItems?: ReadonlyArray<{ quantity: number; huid?: readonly string[] }> };

/**
 * What the shopper learns of a status change. The store sends no message of its own on one
 * yet: when a status change sends an e-mail or SMS (issue 35's messages), this says which.
 */
const SHOPPER_SEES = 'The shopper sees the new status in Order History and Track Your Order; Shipped, Delivered and Cancelled also send the shopper an e-mail (and an SMS when shipped or delivered).';

/** The question before a status change: its title, the sentence, what the store does, and the two answers. */
export interface StatusQuestion {
  title: string;
  question: string;
  effects: string[];
  confirmLabel: string;
  cancelLabel: string;
  /** Cancelling is the red button. */
  danger: boolean;
}

/**
 * What changing an order to `to` does, as the store does it (api/orders/lifecycle.ts):
 * a cancel puts the pieces back on sale and frees their HUIDs, and refunds a paid
 * order (`refund`, in the order's currency); Shipped needs every piece's HUID and
 * issues the GST tax invoice; Delivered records a cash-on-delivery payment as
 * collected. The shopper sees each status in Order History and Track Your Order;
 * the store sends no message of its own.
 */
export function statusQuestion(order: StatusOrder, to: OrderStatus, refund: number | null): StatusQuestion {
  const from = statusLabel(order.status);
  const label = statusLabel(to);
  const money = (amount: number) => formatOrderMoney(amount, order.currency ?? 'INR');
  const effects: string[] = [];
  if (to === ORDER_STATUS.shipped) {
    const pieces = (order.orderItems ?? []).reduce((sum, item) => sum + item.quantity, 0);
    const recorded = (order.orderItems ?? []).reduce((sum, item) => sum + Math.min(item.huid?.length ?? 0, item.quantity), 0);
    effects.push(
      recorded < pieces
        ? `Every piece needs its HUID first: ${recorded} of ${pieces} recorded, so the store refuses until the rest are entered.`
        : `Every piece has its HUID (${pieces} of ${pieces}).`,
      'The GST tax invoice is issued now, with the next invoice number; the shopper can download it from Order History.',
      'A shipped order can no longer be cancelled.',
    );
  }
  if (to === ORDER_STATUS.delivered) {
    if (order.payment_method === 'cod' && asPaymentStatus(order.payment_status) === 'unpaid') effects.push(`The ${money(order.total)} cash on delivery is recorded as collected: the payment becomes Paid.`);
    effects.push('Delivered is final: the status cannot change again.');
  }
  if (to === ORDER_STATUS.cancelled) {
    effects.push('Its pieces go back on sale, and their HUIDs are freed.');
    effects.push(
      refund !== null
        ? `${money(refund)} is refunded to the shopper's original payment method at once; this cannot be undone.`
        : asPaymentStatus(order.payment_status) === 'unpaid'
          ? 'Nothing was paid, so nothing is refunded.'
          : 'Nothing is refunded.',
      'Cancelled is final: the status cannot change again.',
    );
  }
  effects.push(SHOPPER_SEES);
  const question = `Order #${order.o_id} of ${customerName(order)} goes from ${from} to ${label}.`;
  if (to === ORDER_STATUS.cancelled) {
    return refund !== null
      ? { title: 'Cancel and refund?', question: refundQuestion(order, refund), effects, confirmLabel: 'Cancel and refund', cancelLabel: 'Keep the order', danger: true }
      : { title: `Cancel order #${order.o_id}?`, question, effects, confirmLabel: 'Cancel order', cancelLabel: 'Keep the order', danger: true };
  }
  return { title: `Mark order #${order.o_id} ${label}?`, question, effects, confirmLabel: `Mark ${label}`, cancelLabel: `Keep it ${from}`, danger: false };
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
  if (method === 'store_credit') return 'Store credit';
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

/** The order desk's search, status filter and page, as the address keeps them. */
export interface DeskQuery {
  search: string;
  /** '' for every status, else a status number as text. */
  status: string;
  page: number;
}

/** The desk's state from the address's query (`?q=kavya&status=2&page=3`); anything unreadable is the default. */
export function readDeskQuery(query: string): DeskQuery {
  const params = new URLSearchParams(query);
  const status = params.get('status') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    search: (params.get('q') ?? '').slice(0, 100),
    status: isOrderStatus(Number(status)) ? status : '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address's query for the desk's state: only what differs from the default ('' for none). */
export function deskQueryString(desk: DeskQuery): string {
  const params = new URLSearchParams();
  if (desk.search.trim()) params.set('q', desk.search.trim());
  if (desk.status) params.set('status', desk.status);
  if (desk.page > 1) params.set('page', String(desk.page));
  const text = params.toString();
  return text ? `?${text}` : '';
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
