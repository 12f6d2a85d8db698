/**
 * Every change of an order's status goes through changeOrderStatus: the
 * administrator's PUT /updateorderstatus and the shopper's PUT /cancelorder.
 * The rule (rules/orders.ts) decides; a refused change answers why and changes
 * nothing; an allowed one moves the order, its payment status (rules/payments.ts)
 * and the history in one transaction, then asks the provider for a refund the
 * cancel owes (api/orders/refund.ts). Shipping also needs what the law asks
 * (HUIDs, the tax invoice: api/orders/shipment.ts), in the same transaction.
 *
 * Refunds are deliberate: the shop cancelling an order paid online must name the
 * amount it gives back (`confirmRefundAmount`, the order's total); without it, or
 * with another amount, the answer is a conflict carrying the amount and currency
 * so the back office can ask "Cancel order #N and refund ₹X to the shopper?".
 * A shopper's own cancel (within the window) is its own confirmation.
 */

import { applyStatusChange, recordStatusChange } from '../../db/queries/admin-orders.ts';
import { recordChange } from '../../db/audit.ts';
import { findOrder, placedAt } from '../../db/queries/orders.ts';
import { openPan } from '../../db/queries/pan.ts';
import { claimPaymentRefund } from '../../db/queries/payments.ts';
import { returnStock } from '../../db/queries/stock.ts';
import { noteStockChange } from '../../db/queries/stock-view.ts';
import { releaseOrderHuids } from '../../db/queries/hallmarks-invoices.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { conflictError, forbiddenError, notFoundError } from '../../rules/errors.ts';
import { type Currency, formatMoney, toMajor } from '../../rules/money.ts';
import { nextStatusesForShop, ORDER_STATUS, type OrderActor, type OrderStatus, transitionRefusal } from '../../rules/orders.ts';
import { asPaymentStatus, cancelRefunds, type PaymentStatus, paymentStatusAfter } from '../../rules/payments.ts';
import type { Deps } from '../context.ts';
import { askForRefund, type RefundOutcome } from './refund.ts';
import { prepareShipment } from './shipment.ts';
import { orderStatusWebhooks } from '../messages/webhook-events.ts';
import { enqueue } from '../../db/queries/outbox.ts';
import { orderUpdateMessages, refundNote, STATUS_EVENTS } from '../messages/events.ts';
import { messagesWaiting } from '../messages/nudge.ts';
import { giveBackStoreCredit } from '../../db/queries/store-credit.ts';
import { shopPolicy } from '../../db/queries/shop-policy.ts';

export interface StatusChange {
  o_id: number;
  to: OrderStatus;
  /** Who asks: the shopper or the shop, and the account that does (recorded in the history). */
  actor: OrderActor;
  u_id: number;
  /** For a shopper: the order must be this account's (otherwise it is answered as missing). */
  ownerId?: number;
  /** The shop cancelling a paid order: the refund it confirms, in minor units of the order's currency. */
  confirmRefundAmount?: number;
  note?: string | null;
  /** The largest refund (paise, in rupees' worth) this caller may make; undefined for no limit (rules/permissions.ts mayRefund). */
  refundLimit?: number;
}

export interface StatusChangeResult {
  o_id: number;
  from: number;
  status: OrderStatus;
  payment_method: string;
  payment_status: PaymentStatus;
  currency: Currency;
  /** Major units given back (or being given back); null when the change refunds nothing. */
  refund_amount: number | null;
  refund: RefundOutcome;
  /** Rupees of store credit the cancelled order had used, given back to the shopper's balance (issue 36); 0 for none. */
  store_credit_returned: number;
}

/** What a refused cancel tells the back office so it can ask for the refund's confirmation. */
export interface RefundConfirmation {
  o_id: number;
  status: number;
  refund_required: true;
  refund_amount: number;
  currency: Currency;
}

/** An order's refund in paise: a dollar order at the exchange rate it was placed at (unknown: above any limit). */
function rupeesWorth(order: { currency: string; total: number; usd_inr: number | null }, amount = order.total): number {
  if (order.currency === 'INR') return amount;
  return order.usd_inr === null ? Number.POSITIVE_INFINITY : Math.round((amount * order.usd_inr) / 100);
}

/** What the payment provider (or the courier) took for an order: its total less the part paid by store credit (issue 36). */
function providerPart(order: { total: number; store_credit?: number | null }): number {
  return order.total - Number(order.store_credit ?? 0);
}

/** Changes an order's status if the rules allow it; otherwise a DomainError saying why. */
export async function changeOrderStatus(deps: Pick<Deps, 'db' | 'config'>, change: StatusChange, now = Date.now()): Promise<StatusChangeResult> {
  const { o_id, to } = change;
  let returned: number[] = [];
  const done = await writeTransaction(deps.db, async (trx) => {
    returned = [];
    const order = await findOrder(trx, o_id);
    // Another shopper's order is answered as missing: its existence is not theirs to learn.
    if (!order || (change.ownerId !== undefined && order.u_id !== change.ownerId)) throw notFoundError('Order not found.');
    // The shopper's cancellation window is the shop policy's (issue 36); the shop's own changes do not depend on it.
    const cancelWindowHours = change.actor === 'shopper' ? (await shopPolicy(trx)).cancel_window_hours : undefined;
    const refusal = transitionRefusal({ from: order.status, to, actor: change.actor, placedAt: placedAt(order), now, cancelWindowHours });
    if (refusal) {
      throw conflictError(refusal, { o_id, status: order.status, next_statuses: change.actor === 'shop' ? [...nextStatusesForShop(order.status)] : [] });
    }
    const before = asPaymentStatus(order.payment_status);
    // Store credit is given back to the shopper's balance, not refunded: only what the provider took is (issue 36).
    const refundable = providerPart(order);
    const refunds = to === 5 && cancelRefunds(before) && refundable > 0;
    if (refunds && change.refundLimit !== undefined && rupeesWorth(order, refundable) > change.refundLimit) {
      throw forbiddenError(
        `Cancelling order #${o_id} refunds ${formatMoney(toMajor(refundable), order.currency, { cents: true })}, above the order desk's limit of ${formatMoney(toMajor(change.refundLimit), 'INR')}: ask the owner or a manager.`,
        { o_id, missing_permission: 'orders.refund_any' },
      );
    }
    if (refunds && change.actor === 'shop' && change.confirmRefundAmount !== refundable) {
      const amount = toMajor(refundable);
      const confirmation: RefundConfirmation = { o_id, status: order.status, refund_required: true, refund_amount: amount, currency: order.currency };
      throw conflictError(
        `Cancelling order #${o_id} refunds ${formatMoney(amount, order.currency, { cents: true })} to the shopper. Send refund_amount ${amount} to confirm.`,
        confirmation,
      );
    }
    // Shipped needs every piece's HUID and issues the GST tax invoice, in this transaction (api/orders/shipment.ts).
    // The invoice shows the PAN masked, from the PAN itself (opened: the order keeps it sealed).
    const invoice_no = to === ORDER_STATUS.shipped ? await prepareShipment(trx, { ...order, pan: openPan(deps.config.panKey, order.pan) }, deps.config.seller, new Date(now)) : null;
    // An order store credit paid in full is settled by giving the credit back: nothing for a provider to refund.
    const payment_status = to === ORDER_STATUS.cancelled && before === 'paid' && refundable <= 0 ? 'refunded' : paymentStatusAfter(to, before);
    const moved = await applyStatusChange(trx, { o_id, from: order.status, to, payment_status, refund_amount: refunds ? refundable : undefined });
    if (!moved) throw conflictError('This order changed meanwhile. Please reload it and try again.', { o_id });
    await recordStatusChange(trx, { o_id, from_status: order.status, to_status: to, payment_status, actor: change.actor, u_id: change.u_id, note: change.note });
    await orderStatusWebhooks(trx, { o_id, from: order.status, to, payment_before: before, payment_status, currency: order.currency, total: order.total, refunds: Boolean(refunds) });
    // Staff changing it (the order desk, also through /cancelorder): the audit trail says who, with the note and any refund.
    await recordChange(trx, {
      action: 'order.status',
      entity: 'order',
      entity_id: o_id,
      before: { status: order.status, payment_status: before },
      after: { status: to, payment_status, ...(change.note ? { note: change.note } : {}), ...(refunds ? { refund_amount: toMajor(refundable), currency: order.currency } : {}) },
    });
    // Cancelled: its pieces go back on sale, and their HUIDs with them (a HUID is on one live order at most).
    if (to === ORDER_STATUS.cancelled) {
      returned = await returnStock(trx, o_id);
      await releaseOrderHuids(trx, o_id);
    }
    // The store credit it used goes back to the shopper's balance, once (issue 36).
    const creditBack = to === ORDER_STATUS.cancelled ? await giveBackStoreCredit(trx, { o_id, note: `Order #${o_id} cancelled` }) : 0;
    const claim = refunds ? await claimPaymentRefund(trx, o_id) : undefined;
    // The shopper's e-mail (and SMS for shipped and delivered), in the outbox iff this change commits (issue 35).
    const sends = STATUS_EVENTS[to as keyof typeof STATUS_EVENTS];
    if (sends) {
      const refund = refunds ? refundNote(refundable, order.payment_method, new Date(now), await shopPolicy(trx)) : null;
      await enqueue(trx, orderUpdateMessages(sends.event, order, { at: new Date(now), invoice_no, refund, sms: sends.sms }));
    }
    return { order, payment_status, refunds, refundable, claim, creditBack };
  });
  messagesWaiting();
  // Committed: this process's listings show the pieces back on sale from the next answer on.
  await noteStockChange(deps.db, returned).catch(() => undefined);
  // Outside the transaction: the provider may take seconds; a refund it cannot take now is asked again later.
  const refund: RefundOutcome = done.claim ? await askForRefund(deps, done.claim) : 'nothing_to_refund';
  return {
    o_id,
    from: done.order.status,
    status: to,
    payment_method: done.order.payment_method,
    payment_status: refund === 'refunded' ? 'refunded' : done.payment_status,
    currency: done.order.currency,
    refund_amount: done.refunds ? toMajor(done.refundable) : null,
    refund,
    store_credit_returned: toMajor(done.creditBack),
  };
}
