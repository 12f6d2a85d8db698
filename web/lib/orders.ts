import { formatDate } from '../../rules/dates.ts';
import { type Currency, formatMoney } from '../../rules/money.ts';
import { ORDER_STATUS, shopperMayCancel } from '../../rules/orders.ts';
import { asPaymentStatus } from '../../rules/payments.ts';

/** An order line as GET /getorder/{u_id} answers it: a snapshot of what was bought. */
export interface OrderItem {
  oi_id: number;
  p_id: number | null;
  quantity: number;
  /** Unit price when ordered, in the order's currency. */
  price: number;
  line_total?: number;
  product: { p_id: number | null; name: string; images: ReadonlyArray<{ imageUrl: string }> };
  carat: { name: string | null } | null;
  material: { name: string | null } | null;
  size: { size_name: string | null } | null;
  /** The hallmark unique ID of each piece, once recorded. */
  huid?: string[];
  /** Made to order: the days to make it, as promised when ordered; null in stock. */
  lead_time_days?: number | null;
}

/** An order as GET /getorder/{u_id} and POST /getuserorder answer it (the fields the account page reads). */
export interface Order {
  o_id: number;
  /** 1 Pending, 2 Processing, 3 Shipped, 4 Delivered, 5 Cancelled. */
  status: number;
  currency: Currency;
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  coupon_name?: string | null;
  first_name: string;
  last_name: string;
  address: string;
  apartment: string;
  city: string;
  state: string;
  zip_code: string;
  phone_number: string;
  email: string;
  /** ISO 3166 alpha-2 of the destination. */
  country?: string;
  /** The GST tax invoice's number once issued (when the order ships). */
  invoice_no?: string | null;
  /** cod or online. */
  payment_method: string;
  /** unpaid, paid, refund_pending or refunded (rules/payments.ts). */
  payment_status?: string;
  /** What is (being) refunded, in the order's currency. */
  refund_amount?: number | null;
  refunded_at?: string | null;
  /** The courier and tracking number the shop gives once it ships. */
  courier_name?: string | null;
  tracking_number?: string | null;
  createdAt: string;
  /** The server's word on whether the shopper may still cancel it. */
  cancellable?: boolean;
  orderItems: OrderItem[];
}

/** The four tracking steps (§4). */
export const TRACKING_STEPS = ['Pending', 'Processing', 'Shipped', 'Delivered'] as const;

export { statusLabel, trackingStep } from '../../rules/orders.ts';

/**
 * Whether the Cancel action is offered: the server says so, and the 2 hours
 * have not run out since the page loaded the order (rules/orders.ts).
 */
export function canCancel(order: Pick<Order, 'status' | 'createdAt' | 'cancellable'>, now = Date.now()): boolean {
  if (order.cancellable === false) return false;
  return shopperMayCancel({ status: order.status, placedAt: Date.parse(order.createdAt) }, now);
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
  order: Pick<Order, 'payment_method' | 'payment_status' | 'refund_amount' | 'refunded_at' | 'total' | 'currency' | 'status'>,
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

