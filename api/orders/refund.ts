/**
 * Refunds: a cancelled order that was paid online gets its money back, asked of
 * the provider that took it, once.
 *
 * The payment of a placed order is 'used'. Cancelling (api/orders/lifecycle.ts) claims it
 * ('refund_due') in the cancel's own transaction, so two cancels ask once; the provider is
 * asked outside any transaction (it may take seconds); its acceptance makes the payment
 * 'refunded' and the order's payment status 'refunded' with the date. If the provider
 * cannot be reached, the payment stays 'refund_due' (the order 'refund_pending') and is
 * asked again by the payments' reconciliation (api/payments/reconcile.ts, every PAYMENT_RECONCILE_SECONDS): the refund id is the
 * same every time, so the provider never pays twice.
 */

import { markRefunded, recordStatusChange } from '../../db/queries/admin-orders.ts';
import { findOrder } from '../../db/queries/orders.ts';
import { shopPolicy } from '../../db/queries/shop-policy.ts';
import { type DueRefund, dueRefundIds, findDueRefund, markRefundAccepted } from '../../db/queries/payments.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { log as logger } from '../../db/log.ts';
import { refundAcceptedNote } from '../../rules/payments.ts';
import { ORDER_STATUS } from '../../rules/orders.ts';
import type { Deps } from '../context.ts';
import { paymentProvider } from '../payments/provider.ts';
import { enqueue } from '../../db/queries/outbox.ts';
import { orderUpdateMessages, refundNote } from '../messages/events.ts';
import { messagesWaiting } from '../messages/nudge.ts';

export type RefundOutcome = 'refunded' | 'refund_due' | 'nothing_to_refund';

/** Our id for the refund of one provider order: the same on every attempt. */
export const refundIdOf = (providerOrderId: string) => `refund_${providerOrderId.replace(/^order_/, '')}`.slice(0, 40);

/** Asks again for every refund the provider has not accepted yet (the reconciliation's last step). */
export async function retryDueRefunds(deps: Pick<Deps, 'db' | 'config'>, log: (line: string) => void = (line) => logger.warn(line)): Promise<{ refunded: number; due: number }> {
  const due = await dueRefundIds(deps.db);
  let refunded = 0;
  for (const provider_order_id of due) {
    // Read again just before asking: an earlier ask in this loop may have taken seconds.
    const payment = await findDueRefund(deps.db, provider_order_id);
    if (payment && (await askForRefund(deps, payment)) === 'refunded') refunded += 1;
  }
  if (due.length > refunded) log(`refunds: ${due.length - refunded} online payment(s) still to refund; asked again at the next reconciliation`);
  return { refunded, due: due.length - refunded };
}

/** Asks the provider for a claimed refund; on its acceptance the payment and the order say 'refunded'. */
export async function askForRefund(deps: Pick<Deps, 'db' | 'config'>, payment: DueRefund): Promise<RefundOutcome> {
  const providerOrderId = payment.provider_order_id;
  try {
    await paymentProvider(deps).refund({
      orderId: providerOrderId,
      refundId: refundIdOf(providerOrderId),
      amount: payment.amount,
      note: payment.o_id === null ? 'No order could be placed with this payment' : `Order ${payment.o_id} cancelled`,
    });
  } catch (error) {
    logger.warn(`refund of ${providerOrderId} not accepted yet: ${(error as Error).message}`);
    return 'refund_due';
  }
  await writeTransaction(deps.db, async (trx) => {
    await markRefundAccepted(trx, providerOrderId, payment.amount);
    const o_id = payment.o_id;
    if (o_id !== null && (await markRefunded(trx, o_id))) {
      const order = await findOrder(trx, o_id);
      if (!order) throw new Error(`refund of ${providerOrderId}: order ${o_id} is gone`);
      await recordStatusChange(trx, {
        o_id,
        from_status: ORDER_STATUS.cancelled,
        to_status: ORDER_STATUS.cancelled,
        payment_status: 'refunded',
        actor: 'system',
        u_id: null,
        note: refundAcceptedNote(payment.amount, order.currency),
      });
      // The shopper's refund e-mail, in the outbox iff the refund is recorded (issue 35).
      const at = new Date();
      await enqueue(trx, orderUpdateMessages('order.refunded', order, { at, refund: refundNote(payment.amount, order.payment_method, at, await shopPolicy(trx)) }));
    }
    // The provider's answer, not a staff member's change: the cancel that owed it is in the audit trail.
  }, { audit: 'none' });
  messagesWaiting();
  return 'refunded';
}
