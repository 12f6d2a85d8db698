/**
 * The status history of a demo order: placed by its shopper, then every change
 * it went through to reach its seeded status, each one allowed by the store's
 * one lifecycle (rules/orders.ts) at the moment it is dated, with the payment
 * status each change leaves (rules/payments.ts). A paid order that is cancelled
 * owes a refund, which the provider accepts a little later.
 */
import { NEXT_STATUSES, ORDER_STATUS, type OrderActor, type OrderStatus, transitionRefusal } from '../../rules/orders.ts';
import { type PaymentMethod, type PaymentStatus, paymentStatusAfter, paymentStatusOnPlacement } from '../../rules/payments.ts';

export interface DemoLifecycle {
  status: OrderStatus;
  payment: PaymentMethod;
  /** For a cancelled order: who cancelled it and from which status (the shopper only from Pending, within 2 hours). */
  cancelled?: { by: OrderActor; from: 1 | 2 };
}

export interface DemoStep {
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  payment_status: PaymentStatus;
  actor: OrderActor | 'system';
  at: Date;
  /** The refund row: the provider accepted the refund of a cancelled paid order. */
  refund?: true;
}

/** When each status is reached, in days after the order was placed. */
const DAYS_TO: Record<OrderStatus, number> = { 1: 0, 2: 0.5, 3: 2, 4: 6, 5: 0 };
/** A shopper cancels within the hour; the shop half a day after the order reached the status it cancels from. */
const CANCEL_AFTER_DAYS: Record<OrderActor, number> = { shopper: 0.04, shop: 0.5 };
/** The provider accepts a refund this long after the cancel. */
const REFUND_AFTER_MS = 40 * 60_000;

/** The statuses from Pending to `target` along the lifecycle's forward moves (NEXT_STATUSES), Pending first. */
export function forwardPath(target: OrderStatus): OrderStatus[] {
  const path: OrderStatus[] = [ORDER_STATUS.pending];
  while (path[path.length - 1] !== target) {
    const next = NEXT_STATUSES[path[path.length - 1]].find((s) => s !== ORDER_STATUS.cancelled);
    if (next === undefined) throw new Error(`demo seed: no forward path from Pending to ${target}`);
    path.push(next);
  }
  return path;
}

/**
 * The history of one demo order placed at `placed`, none of it after `now`.
 * Throws when the seed describes a change the lifecycle refuses.
 */
export function demoHistory(order: DemoLifecycle, placed: Date, now: Date): DemoStep[] {
  const cancelled = order.status === ORDER_STATUS.cancelled;
  if (cancelled !== (order.cancelled !== undefined)) throw new Error('demo seed: a cancelled order says who cancelled it, and only a cancelled order does');
  const path = forwardPath(order.cancelled?.from ?? order.status);
  const day = 86_400_000;
  const at = (days: number) => new Date(Math.min(now.getTime(), placed.getTime() + Math.round(days * day)));
  let payment_status = paymentStatusOnPlacement(order.payment);
  const steps: DemoStep[] = [{ from_status: null, to_status: ORDER_STATUS.pending, payment_status, actor: 'shopper', at: placed }];
  const moves: { to: OrderStatus; actor: OrderActor; at: Date }[] = path.slice(1).map((to) => ({ to, actor: 'shop', at: at(DAYS_TO[to]) }));
  if (order.cancelled) {
    const { by, from } = order.cancelled;
    moves.push({ to: ORDER_STATUS.cancelled, actor: by, at: at(DAYS_TO[from] + CANCEL_AFTER_DAYS[by]) });
  }
  let from: OrderStatus = ORDER_STATUS.pending;
  for (const move of moves) {
    const refusal = transitionRefusal({ from, to: move.to, actor: move.actor, placedAt: placed.getTime(), now: move.at.getTime() });
    if (refusal) throw new Error(`demo seed: ${from} -> ${move.to} by the ${move.actor} is refused: ${refusal}`);
    payment_status = paymentStatusAfter(move.to, payment_status);
    steps.push({ from_status: from, to_status: move.to, payment_status, actor: move.actor, at: move.at });
    from = move.to;
  }
  if (payment_status === 'refund_pending') {
    const cancelledAt = steps[steps.length - 1].at;
    const refundedAt = new Date(Math.min(now.getTime(), cancelledAt.getTime() + REFUND_AFTER_MS));
    steps.push({ from_status: ORDER_STATUS.cancelled, to_status: ORDER_STATUS.cancelled, payment_status: 'refunded', actor: 'system', at: refundedAt, refund: true });
  }
  return steps;
}
