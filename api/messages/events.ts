/**
 * The messages each event sends (issue 35), built inside the transaction of the change that
 * causes it and written with it (db/queries/outbox.ts). A payload is a snapshot of what the
 * message says, taken when it happened: a message retried tomorrow says what was true then.
 */
import type { RawBuilder } from 'kysely';
import { ID_MARK, jsonWithId, type NewMessage, outboxInsert, textWithId } from '../../db/queries/outbox.ts';
import type { OrderWrite } from '../../db/queries/orders.ts';
import type { Order, OrderItem } from '../../db/schema.ts';
import type { Currency } from '../../rules/money.ts';
import { DEFAULT_REFUND_DAYS, type OrderPaymentMethod, refundExpectedBy, type RefundDays } from '../../rules/payments.ts';
import type { ShippingAddress } from '../../rules/address.ts';
import { deliveryPhone } from '../../rules/phone.ts';
import { isEmail } from '../../rules/email.ts';

/**
 * An order's line as its messages show it: the order item's names, quantity, prices (minor units
 * of the order's currency) and one piece's net weight in milligrams (null when not recorded).
 */
export type OrderMessageLine = Pick<
  OrderItem,
  'product_name' | 'product_image' | 'category_name' | 'carat_name' | 'material_name' | 'size_name' | 'quantity' | 'price' | 'line_total' | 'net_weight_mg'
>;

/** What the order-placed messages say (event 'order.placed'). Money in minor units of `currency`. */
export interface OrderPlacedPayload extends Pick<Order, 'currency' | 'subtotal' | 'discount' | 'shipping' | 'total' | 'coupon_name'> {
  o_id: number;
  /** ISO time of the placement. */
  placed_at: string;
  payment_method: OrderPaymentMethod;
  /** Minor units of the total paid by store credit (issue 36); absent or 0 when none. The rest is paid online or on delivery. */
  store_credit?: number;
  address: ShippingAddress;
  lines: OrderMessageLine[];
}

/** The payload's order id; ID_MARK until the order's id is known (see orderPlacedMessages). */
type Draft<T extends { o_id: number }> = Omit<T, 'o_id'>;

/**
 * The e-mail to the order's address and the SMS to its phone for a placed order, enqueued with
 * the order's own writes (`o_id` may be the id the same statement inserts: insertOrder's OrderId).
 * An address that is not an e-mail address, or a phone that cannot be read, sends nothing there.
 */
export function orderPlacedMessages(o_id: number | RawBuilder<number>, order: Draft<OrderPlacedPayload>): NewMessage[] {
  const payload = jsonWithId({ o_id: ID_MARK, ...order }, o_id);
  const email = order.address.email.trim();
  const phone = deliveryPhone(order.address.phone_number, order.address.country);
  const messages: NewMessage[] = [];
  if (isEmail(email)) {
    messages.push({ channel: 'email', event: 'order.placed', recipient: email, dedupe_key: textWithId(`order.placed:${ID_MARK}:email`, o_id), payload });
  }
  if (phone) messages.push({ channel: 'sms', event: 'order.placed', recipient: phone, dedupe_key: textWithId(`order.placed:${ID_MARK}:sms`, o_id), payload });
  if (order.payment_method === 'online' && isEmail(email)) messages.push(orderPaidMessage(o_id, payload, email));
  return messages;
}

/** The order-placed messages as a write that goes with the order (insertOrder); none when the order has no address to send to. */
export function orderPlacedWrite(order: Draft<OrderPlacedPayload>): OrderWrite | undefined {
  if (!orderPlacedMessages(0, order).length) return undefined;
  return (db, o_id) => outboxInsert(db, orderPlacedMessages(o_id, order));
}

/**
 * The payment-received e-mail of an order paid online, enqueued with the order itself: an online
 * order is placed only once its payment is confirmed (api/payments/checkout.ts), so the order's
 * own statement is where the payment becomes the shop's. Same payload as the order placed.
 */
function orderPaidMessage(o_id: number | RawBuilder<number>, payload: NewMessage['payload'], email: string): NewMessage {
  return { channel: 'email', event: 'order.paid', recipient: email, dedupe_key: textWithId(`order.paid:${ID_MARK}:email`, o_id), payload };
}

/** The order as a status change or a refund reads it (the orders row). */
export interface OrderContact {
  o_id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  country: string;
  currency: Currency;
  total: number;
  payment_method: string;
  courier_name?: string | null;
  tracking_number?: string | null;
}

/** A refund as the shopper reads it: minor units, how it comes back, by when (ISO date). */
export interface RefundNote {
  amount: number;
  method: OrderPaymentMethod | string;
  expected_by: string;
}

/** What the shipped, delivered, cancelled and refunded messages say. Money in minor units of `currency`. */
export interface OrderUpdatePayload {
  o_id: number;
  /** ISO time of the change. */
  at: string;
  name: string;
  currency: Currency;
  total: number;
  payment_method: string;
  courier_name: string | null;
  tracking_number: string | null;
  /** ISO 3166 alpha-2 of the destination (the courier's days differ abroad); absent in messages enqueued before it was kept: IN. */
  country?: string;
  /** The GST tax invoice issued with the shipment (its PDF is attached to the shipped e-mail). */
  invoice_no: string | null;
  /** Cancelled with money to give back, or refunded. */
  refund: RefundNote | null;
}

/**
 * The refund of an order paid online, as its messages say it: expected by the shop policy's
 * most business days after `at` (issue 36; the documents' 10 when no policy is given).
 */
export function refundNote(amount: number, method: string, at: Date, days: RefundDays = DEFAULT_REFUND_DAYS): RefundNote {
  return { amount, method, expected_by: refundExpectedBy(at, days) };
}

/** The events an order's status change sends, and by which channels. */
export const STATUS_EVENTS = {
  3: { event: 'order.shipped', sms: true },
  4: { event: 'order.delivered', sms: true },
  5: { event: 'order.cancelled', sms: false },
} as const;

/**
 * The messages of an order's update (shipped, delivered, cancelled, refunded) to its address and
 * phone, for enqueue inside the change's transaction. One per event, order and recipient (the
 * dedupe key): the same change replayed sends nothing twice.
 */
export function orderUpdateMessages(
  event: string,
  order: OrderContact,
  extra: { at: Date; invoice_no?: string | null; refund?: RefundNote | null; sms?: boolean },
): NewMessage[] {
  const payload: OrderUpdatePayload = {
    o_id: order.o_id,
    at: extra.at.toISOString(),
    name: `${order.first_name} ${order.last_name}`.trim(),
    currency: order.currency,
    total: order.total,
    payment_method: order.payment_method,
    courier_name: order.courier_name ?? null,
    tracking_number: order.tracking_number ?? null,
    country: order.country,
    invoice_no: extra.invoice_no ?? null,
    refund: extra.refund ?? null,
  };
  const messages: NewMessage[] = [];
  const email = order.email.trim();
  const snapshot = payload as unknown as Record<string, unknown>;
  if (isEmail(email)) messages.push({ channel: 'email', event, recipient: email, dedupe_key: `${event}:${order.o_id}:email`, payload: snapshot });
  const phone = extra.sms ? deliveryPhone(order.phone_number, order.country) : null;
  if (phone) messages.push({ channel: 'sms', event, recipient: phone, dedupe_key: `${event}:${order.o_id}:sms`, payload: snapshot });
  return messages;
}
