/**
 * The reconciliation: every PAYMENT_RECONCILE_SECONDS one instance of the fleet (a lease)
 * settles what a crash, a closed tab or a lost webhook left open, so that no payment stays
 * paid without an order or a refund:
 * - a payment paid with no order is placed, or refunded when it cannot be (finishPayment);
 * - a payment still open past its life is asked about: paid, it is settled as above; not
 *   paid, it is marked abandoned and its held pieces go back to stock;
 * - holds outliving their payment go back to stock;
 * - refunds the provider has not accepted yet are asked again (same refund id);
 * - quotes whose lock ended a day ago are forgotten.
 * Every step is a conditional statement, so a settlement racing the shopper's return or
 * the webhook does each thing once.
 */

import { deleteOldQuotes, paymentsToSettle, paymentsWithStaleHolds, releaseHolds } from '../../db/queries/payments.ts';
import { noteStockChange } from '../../db/queries/stock-view.ts';
import { utcTimestamp } from '../../db/time.ts';
import { withLease } from '../../db/leases.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { log as logger } from '../../db/log.ts';
import type { Deps } from '../context.ts';
import { retryDueRefunds } from '../orders/refund.ts';
import { retryDueReturnRefunds } from '../returns/lifecycle.ts';
import { closeUnpaid, finishPayment } from './checkout.ts';

export interface Reconciliation {
  placed: number;
  refunded: number;
  refundPending: number;
  abandoned: number;
  released: number;
  /** Paid payments within their life whose order waits for the shopper's return (their checkout gave no address). */
  waiting: number;
  /** Payments this pass could not settle (the provider or the database unreachable): the next pass tries again. */
  unsettled: number;
}

/** Settles every open payment once (see above). `now`: the clock, for tests. */
export async function reconcilePayments(deps: Pick<Deps, 'db' | 'config'>, now = new Date(), log: (line: string) => void = (line) => logger.warn(line)): Promise<Reconciliation> {
  const { db } = deps;
  const nowText = utcTimestamp(now);
  const result: Reconciliation = { placed: 0, refunded: 0, refundPending: 0, abandoned: 0, released: 0, waiting: 0, unsettled: 0 };
  for (const payment of await paymentsToSettle(db, nowText)) {
    const lapsed = payment.locked_until !== null && payment.locked_until < nowText;
    try {
      const settled = await finishPayment(deps, payment.provider_order_id, undefined, { settleWithoutAddress: lapsed });
      if (settled.outcome === 'placed') result.placed += 1;
      else if (settled.outcome === 'refunded') result.refunded += 1;
      else if (settled.outcome === 'refund_pending') result.refundPending += 1;
      else if (settled.outcome === 'not_paid' && payment.status === 'created' && lapsed) {
        await closeUnpaid(deps, payment.pay_id, 'abandoned', 'The price lock lapsed before the payment was made.');
        result.abandoned += 1;
      } else if (settled.outcome === 'paid_awaiting_order') result.waiting += 1;
      else if (settled.outcome === 'unknown') result.unsettled += 1;
    } catch (error) {
      result.unsettled += 1;
      log(`payments: ${payment.provider_order_id} not settled this pass: ${(error as Error).message}`);
    }
  }
  for (const { pay_id } of await paymentsWithStaleHolds(db, nowText)) {
    const released = await writeTransaction(db, (trx) => releaseHolds(trx, pay_id), { isolation: 'read committed', name: 'release stale holds' });
    if (released.length) {
      result.released += released.length;
      noteStockChange(db, released).catch(() => undefined);
    }
  }
  const refunds = await retryDueRefunds(deps, log);
  result.refunded += refunds.refunded;
  result.refundPending += refunds.due;
  // A return's online refund the provider did not take at the desk (issue 36) is asked for again, with the same refund id.
  const returnRefunds = await retryDueReturnRefunds(deps);
  result.refunded += returnRefunds.refunded;
  result.refundPending += returnRefunds.due;
  await deleteOldQuotes(db, utcTimestamp(new Date(now.getTime() - 24 * 3_600_000)));
  const done = result.placed + result.refunded + result.abandoned + result.released;
  if (done || result.unsettled) {
    log(
      `payments: reconciled: ${result.placed} placed, ${result.refunded} refunded, ${result.refundPending} refunds pending, ${result.abandoned} abandoned, ${result.released} holds released, ${result.unsettled} left for the next pass`,
    );
  }
  return result;
}

/** Lease name: one reconciliation at a time across the fleet. */
export const RECONCILE_LEASE = 'payment-reconcile';

/**
 * How long the reconciliation's lease holds without renewal: it is renewed every third of this
 * while a pass runs, so a long pass keeps it; an instance killed mid-pass frees it this soon.
 */
const RECONCILE_LEASE_MS = 15_000;

/** Runs a reconciliation if no other instance is running one; answers it, or undefined when another had the lease. */
export async function reconcileOnce(deps: Pick<Deps, 'db' | 'config'>, now?: Date): Promise<Reconciliation | undefined> {
  const ran = await withLease(deps.db, RECONCILE_LEASE, RECONCILE_LEASE_MS, () => reconcilePayments(deps, now));
  return ran?.value;
}
