import type { Currency } from './money.ts';

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
  /** cod or online. */
  payment_method: string;
  createdAt: string;
  /** The server's word on whether the shopper may still cancel it. */
  cancellable?: boolean;
  orderItems: OrderItem[];
}

/** The four tracking steps (§4). */
export const TRACKING_STEPS = ['Pending', 'Processing', 'Shipped', 'Delivered'] as const;

const LABELS: Record<number, string> = { 1: 'Pending', 2: 'Processing', 3: 'Shipped', 4: 'Delivered', 5: 'Cancelled' };

/** The label of a status number; any other value is Unknown (§4). */
export function statusLabel(status: number): string {
  return LABELS[status] ?? 'Unknown';
}

/**
 * How many tracking steps an order has reached: 1-4 for Pending to Delivered,
 * 0 for Cancelled (§4) and for an unknown status.
 */
export function trackingStep(status: number): number {
  return status >= 1 && status <= 4 ? status : 0;
}

/** Orders can be cancelled within 2 hours of placing them (the refund policy). */
export const CANCEL_WINDOW_MS = 2 * 60 * 60 * 1000;

/**
 * Whether the Cancel action is offered: the server says so, and the 2 hours
 * have not run out since the page loaded the order.
 */
export function canCancel(order: Pick<Order, 'status' | 'createdAt' | 'cancellable'>, now = Date.now()): boolean {
  if (order.status !== 1 && order.status !== 2) return false;
  if (order.cancellable === false) return false;
  const placed = Date.parse(order.createdAt);
  return Number.isFinite(placed) && now - placed < CANCEL_WINDOW_MS;
}

/** Whether any order that was not cancelled holds the product: a buyer may review it (DESIGN.md). */
export function hasBought(orders: ReadonlyArray<Pick<Order, 'status' | 'orderItems'>> | null | undefined, p_id: number): boolean {
  return Boolean(orders?.some((order) => order.status !== 5 && order.orderItems?.some((item) => item.p_id === p_id || item.product?.p_id === p_id)));
}

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** "21 Nov 2026, 11:14 pm". */
export function formatOrderDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isFinite(time) ? dateFormat.format(new Date(time)) : iso;
}
