/**
 * Refunds: a cancelled order that was paid online gets its money back, asked of
 * the provider that took it, once.
 *
 * The payment of a placed order is 'used'. Cancelling claims it ('refund_due') in one
 * conditional update, so two cancels (the shopper's and an administrator's, or a double
 * click) ask once; the provider is asked outside any transaction (it may take seconds);
 * its acceptance makes the payment 'refunded'. If the provider cannot be reached, the
 * payment stays 'refund_due' and is asked again at start and every REFUND_RETRY_MS
 * (retryDueRefunds): the refund id is the same every time, so the provider never pays twice.
 */

import type { Deps } from '../context.ts';
import { paymentProvider } from '../payments/provider.ts';
import { utcTimestamp } from '../../db/time.ts';

/** How often the server asks again for refunds the provider could not take (api/server.ts). */
export const REFUND_RETRY_MS = 10 * 60_000;

export type RefundOutcome = 'refunded' | 'refund_due' | 'nothing_to_refund';

/** Our id for the refund of one provider order: the same on every attempt. */
export const refundIdOf = (providerOrderId: string) => `refund_${providerOrderId.replace(/^order_/, '')}`.slice(0, 40);

/** Refunds the online payment of a cancelled order, if it has one not yet refunded. */
export async function refundCancelledOrder(deps: Pick<Deps, 'db' | 'config'>, o_id: number): Promise<RefundOutcome> {
  const claimed = await deps.db
    .updateTable('payments')
    .set({ status: 'refund_due', updated_at: utcTimestamp() })
    .where('o_id', '=', o_id)
    .where('status', '=', 'used')
    .where(({ exists, selectFrom }) => exists(selectFrom('orders').select('o_id').where('orders.o_id', '=', o_id).where('orders.status', '=', 5)))
    .returning(['provider_order_id', 'amount', 'o_id'])
    .executeTakeFirst();
  if (!claimed) return 'nothing_to_refund';
  return askProvider(deps, claimed);
}

/** Asks again for every refund the provider has not accepted yet (at start and every REFUND_RETRY_MS). */
export async function retryDueRefunds(deps: Pick<Deps, 'db' | 'config'>, log: (line: string) => void = console.error): Promise<{ refunded: number; due: number }> {
  const due = await deps.db.selectFrom('payments').select('provider_order_id').where('status', '=', 'refund_due').execute();
  let refunded = 0;
  for (const { provider_order_id } of due) {
    // Read again just before asking: an earlier ask in this loop may have taken seconds.
    const payment = await deps.db
      .selectFrom('payments')
      .select(['provider_order_id', 'amount', 'o_id'])
      .where('provider_order_id', '=', provider_order_id)
      .where('status', '=', 'refund_due')
      .executeTakeFirst();
    if (payment && (await askProvider(deps, payment)) === 'refunded') refunded += 1;
  }
  if (due.length > refunded) log(`refunds: ${due.length - refunded} cancelled online payment(s) still to refund; asked again in ${REFUND_RETRY_MS / 60_000} minutes`);
  return { refunded, due: due.length - refunded };
}

/** A payment in 'refund_due': what the provider is asked to give back. */
interface DueRefund {
  provider_order_id: string;
  amount: number;
  o_id: number | null;
}

async function askProvider(deps: Pick<Deps, 'db' | 'config'>, payment: DueRefund): Promise<RefundOutcome> {
  const providerOrderId = payment.provider_order_id;
  try {
    await paymentProvider(deps).refund({
      orderId: providerOrderId,
      refundId: refundIdOf(providerOrderId),
      amount: payment.amount,
      note: `Order ${payment.o_id} cancelled`,
    });
  } catch (error) {
    console.error(`refund of ${providerOrderId} not accepted yet:`, (error as Error).message);
    return 'refund_due';
  }
  await deps.db
    .updateTable('payments')
    .set({ status: 'refunded', updated_at: utcTimestamp() })
    .where('provider_order_id', '=', providerOrderId)
    .where('status', '=', 'refund_due')
    .execute();
  return 'refunded';
}
