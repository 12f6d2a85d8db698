/**
 * The messages each event sends (issue 35), built inside the transaction of the change that
 * causes it and written with it (db/queries/outbox.ts). A payload is a snapshot of what the
 * message says, taken when it happened: a message retried tomorrow says what was true then.
 */
import type { RawBuilder } from 'kysely';
import { ID_MARK, jsonWithId, type NewMessage, outboxInsert, textWithId } from '../../db/queries/outbox.ts';
import type { OrderWrite } from '../../db/queries/orders.ts';
import type { Currency } from '../../rules/money.ts';
import type { PaymentMethod } from '../../rules/payments.ts';
import type { ShippingAddress } from '../../rules/address.ts';
import { deliveryPhone } from '../../rules/phone.ts';
import { isEmail } from '../../rules/email.ts';

/** An order's line as its messages show it. */
export interface OrderMessageLine {
  product_name: string;
  product_image: string | null;
  category_name: string | null;
  carat_name: string | null;
  material_name: string | null;
  size_name: string | null;
  quantity: number;
  /** Minor units of the order's currency. */
  price: number;
  line_total: number;
  /** Net weight of one piece, milligrams; null when not recorded. */
  net_weight_mg: number | null;
}

/** What the order-placed messages say (event 'order.placed'). Money in minor units of `currency`. */
export interface OrderPlacedPayload {
  o_id: number;
  /** ISO time of the placement. */
  placed_at: string;
  currency: Currency;
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  coupon_name: string | null;
  payment_method: PaymentMethod;
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
  return messages;
}

/** The order-placed messages as a write that goes with the order (insertOrder); none when the order has no address to send to. */
export function orderPlacedWrite(order: Draft<OrderPlacedPayload>): OrderWrite | undefined {
  if (!orderPlacedMessages(0, order).length) return undefined;
  return (db, o_id) => outboxInsert(db, orderPlacedMessages(o_id, order));
}
