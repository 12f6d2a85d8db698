/**
 * An order's one lifecycle (DESIGN.md, issue 12):
 *
 *   1 Pending -> 2 Processing -> 3 Shipped -> 4 Delivered
 *   1 Pending or 2 Processing -> 5 Cancelled
 *
 * The shopper may cancel within the shop policy's cancellation window of
 * placing the order (rules/shop-policy.ts, 2 hours by default); the shop may
 * cancel until it ships. Delivered and Cancelled are final. Every refusal says
 * why in a sentence a shopper or administrator can read as is.
 */

import { hoursText } from './dates.ts';

/** Most of one item a cart line or order line holds (fine jewellery, not groceries). */
export const MAX_QUANTITY = 99;

export const ORDER_STATUS = { pending: 1, processing: 2, shipped: 3, delivered: 4, cancelled: 5 } as const;

export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = { 1: 'Pending', 2: 'Processing', 3: 'Shipped', 4: 'Delivered', 5: 'Cancelled' };

/** The statuses in order, for dropdowns and filters. */
export const ORDER_STATUSES: ReadonlyArray<{ value: OrderStatus; label: string }> = ([1, 2, 3, 4, 5] as const).map((value) => ({
  value,
  label: ORDER_STATUS_LABELS[value],
}));

export function isOrderStatus(value: unknown): value is OrderStatus {
  return value === 1 || value === 2 || value === 3 || value === 4 || value === 5;
}

/** The label of a status number; any other value is Unknown (storefront.md §4). */
export function statusLabel(status: number): string {
  return isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : 'Unknown';
}

/** Where each status may go next. Delivered and Cancelled go nowhere. */
export const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  1: [2, 5],
  2: [3, 5],
  3: [4],
  4: [],
  5: [],
};

/** Delivered and Cancelled: no status follows them. */
export function isFinalStatus(status: number): boolean {
  return isOrderStatus(status) && NEXT_STATUSES[status].length === 0;
}

const HOUR_MS = 60 * 60 * 1000;

/** The default shop policy's cancellation window in milliseconds (2 hours); the policy in force may say otherwise (issue 36). */
/** The cancellation window the documents state (the shop policy's default; the owner may change it). */
export const DEFAULT_CANCEL_WINDOW_HOURS = 2;

export const CANCEL_WINDOW_MS = DEFAULT_CANCEL_WINDOW_HOURS * HOUR_MS;

/**
 * Whether `now` is inside the cancel window of an order placed at `placedAt`
 * (both milliseconds), the window being `windowHours` long (the shop policy's
 * `cancel_window_hours`). The window is half open: at exactly its end it has closed.
 */
export function withinCancelWindow(placedAt: number, now: number, windowHours: number = DEFAULT_CANCEL_WINDOW_HOURS): boolean {
  return Number.isFinite(placedAt) && now < cancelWindowEnd(placedAt, windowHours);
}

/** When the cancel window of an order placed at `placedAt` closes (milliseconds): `windowHours` later. */
export function cancelWindowEnd(placedAt: number, windowHours: number = DEFAULT_CANCEL_WINDOW_HOURS): number {
  return placedAt + windowHours * HOUR_MS;
}

/** Who asks for a change: the shopper who placed the order, or the shop (an administrator). */
export type OrderActor = 'shopper' | 'shop';

export interface TransitionRequest {
  from: number;
  to: number;
  actor: OrderActor;
  /** When the order was placed and the time of the request, in milliseconds. */
  placedAt: number;
  now: number;
  /** The shop policy's cancellation window in hours (`cancel_window_hours`); the default policy's when not given. */
  cancelWindowHours?: number;
}

/**
 * Why a status change is refused, or null when it is allowed. The one rule
 * every status change of the store goes through.
 */
export function transitionRefusal({ from, to, actor, placedAt, now, cancelWindowHours = DEFAULT_CANCEL_WINDOW_HOURS }: TransitionRequest): string | null {
  if (!isOrderStatus(to)) return 'The status must be 1 (Pending), 2 (Processing), 3 (Shipped), 4 (Delivered) or 5 (Cancelled).';
  if (!isOrderStatus(from)) return 'This order has a status the store does not know; it cannot be changed.';
  const fromLabel = ORDER_STATUS_LABELS[from];
  const toLabel = ORDER_STATUS_LABELS[to];
  if (from === to) return from === ORDER_STATUS.cancelled ? 'This order is already cancelled.' : `This order is already ${fromLabel}.`;
  if (from === ORDER_STATUS.cancelled) return 'This order is cancelled; a cancelled order cannot change status.';
  if (from === ORDER_STATUS.delivered) return 'This order has been delivered; a delivered order cannot change status.';
  if (actor === 'shopper') {
    if (to !== ORDER_STATUS.cancelled) return `Only the shop can move an order forward; you may cancel it within ${hoursText(cancelWindowHours)} of placing it.`;
  }
  if (to === ORDER_STATUS.cancelled) {
    if (from === ORDER_STATUS.shipped) return 'This order has already been shipped and can no longer be cancelled.';
    if (actor === 'shopper' && !withinCancelWindow(placedAt, now, cancelWindowHours)) {
      return `Orders can be cancelled within ${hoursText(cancelWindowHours)} of placing them. Please contact us for help with this order.`;
    }
    return null;
  }
  if (to < from) return `This order is already ${fromLabel}; it cannot go back to ${toLabel}.`;
  if (!NEXT_STATUSES[from].includes(to)) {
    const next = ORDER_STATUS_LABELS[NEXT_STATUSES[from].find((s) => s !== ORDER_STATUS.cancelled) as OrderStatus];
    return `This order is ${fromLabel}; it must be ${next} before it can be ${toLabel}.`;
  }
  return null;
}

/**
 * Whether the shopper may still cancel an order at `now` (what `cancellable` in an order answer says),
 * the cancellation window being the shop policy's `cancel_window_hours` (the default policy's when not given).
 */
export function shopperMayCancel(order: { status: number; placedAt: number }, now: number, cancelWindowHours?: number): boolean {
  return transitionRefusal({ from: order.status, to: ORDER_STATUS.cancelled, actor: 'shopper', placedAt: order.placedAt, now, cancelWindowHours }) === null;
}

/** The statuses the shop may set next from `from` (the back office's dropdown). */
export function nextStatusesForShop(from: number): readonly OrderStatus[] {
  return isOrderStatus(from) ? NEXT_STATUSES[from] : [];
}

/**
 * How many tracking steps an order has reached: 1-4 for Pending to Delivered,
 * 0 for Cancelled and for an unknown status (storefront.md §4).
 */
export function trackingStep(status: number): number {
  return status >= 1 && status <= 4 ? status : 0;
}
