/**
 * The data side of money in flight (issue 32): checkout quotes that hold a price, pieces
 * held for a payment in progress, and the payments the reconciliation and the back office
 * read. The rules of what happens to a payment live in api/payments/; here are the
 * statements, each one conditional so that two instances (or a webhook and the shopper's
 * return) doing the same thing at once do it once.
 */

import type { DB } from '../connection.ts';
import type { CheckoutQuoteTable, Database, PaymentTable } from '../schema.ts';
import type { ExpressionBuilder, Insertable, QueryCreator } from 'kysely';
import type { OrderId } from './orders.ts';
import { conflictError } from '../../rules/errors.ts';
import { type StockRow, type StockTake, soldOutMessage, takeStockQuery } from './stock.ts';
import { utcTimestamp } from '../time.ts';
import { paymentNeedsAttention, paymentRecordState, storedPaymentStatuses, type PaymentRecordState } from '../../rules/payments.ts';

/* ------------------------------------------------------------------ quotes */

export function insertQuote(db: DB, quote: Insertable<CheckoutQuoteTable>) {
  return db.insertInto('checkout_quotes').values(quote).execute();
}

export function findQuote(db: DB, quote_id: string) {
  return db.selectFrom('checkout_quotes').selectAll().where('quote_id', '=', quote_id).executeTakeFirst();
}

/** Forgets quotes whose lock ended more than a day ago (a payment keeps its own copy). */
export function deleteOldQuotes(db: DB, before: string) {
  return db.deleteFrom('checkout_quotes').where('locked_until', '<', before).execute();
}

/* ------------------------------------------------------------------- holds */

/**
 * Sets pieces aside for a payment: takes them off stock by the conditional update an order
 * uses (so a hold never makes stock negative, on either engine, however many shoppers race)
 * and records what was taken. Refuses (409) when a row is short, naming a piece being bought
 * by another shopper as such. Answers the rows as left, for the stock views.
 */
export async function holdStock(trx: DB, pay_id: number, u_id: number, take: StockTake): Promise<StockRow[]> {
  const taken = await takeStockQuery(trx, take).execute();
  if (taken.length < take.limited.length) {
    const short = take.limited.filter((pc_id) => !taken.some((t) => t.pc_id === pc_id));
    const pc_id = short[0];
    const line = take.totals.get(pc_id)!.line;
    const row = await trx.selectFrom('product_carats').select('stock').where('pc_id', '=', pc_id).executeTakeFirst();
    const holders = await trx
      .selectFrom('stock_holds as h')
      .innerJoin('payments as p', 'p.pay_id', 'h.pay_id')
      .select(['p.u_id', 'h.quantity'])
      .where('h.pc_id', '=', pc_id)
      .execute();
    // The shopper's own payment in another window: say so, rather than blame another shopper.
    if (holders.some((h) => h.u_id === u_id)) throw conflictError(ownHoldMessage(line), { held: true });
    const held = holders.reduce((sum, h) => sum + h.quantity, 0);
    throw conflictError(soldOutMessage(line, row?.stock ?? 0, held), { held: held > 0 });
  }
  await trx
    .insertInto('stock_holds')
    .values(take.limited.map((pc_id) => ({ pay_id, pc_id, quantity: take.totals.get(pc_id)!.quantity })))
    .execute();
  return taken;
}

/** The refusal of a second payment for a piece the same shopper is already paying for (two tabs). */
export function ownHoldMessage(line: { product_name: string; carat_name: string }): string {
  return `You are already paying for "${line.product_name}" (${line.carat_name}) in another window. Finish that payment, or try again in a few minutes if you left it.`;
}

/**
 * Removes a payment's holds and answers what they held: whoever removes them (the order
 * they become, or their release) is the only one to get them, on both engines.
 */
export async function removeHolds(trx: DB, pay_id: number): Promise<{ pc_id: number; quantity: number }[]> {
  return trx.deleteFrom('stock_holds').where('pay_id', '=', pay_id).returning(['pc_id', 'quantity']).execute();
}

/** Gives a payment's held pieces back to stock (its payment failed, lapsed or was refunded); answers the rows given back. */
export async function releaseHolds(trx: DB, pay_id: number): Promise<number[]> {
  const held = await removeHolds(trx, pay_id);
  for (const hold of held) {
    await trx
      .updateTable('product_carats')
      .set((eb) => ({ stock: eb('stock', '+', hold.quantity) }))
      .where('pc_id', '=', hold.pc_id)
      .where('stock', 'is not', null)
      .execute();
  }
  return held.map((h) => h.pc_id);
}

/* ---------------------------------------------------------------- payments */

export function findPayment(db: DB, providerOrderId: string) {
  return db.selectFrom('payments').selectAll().where('provider_order_id', '=', providerOrderId).executeTakeFirst();
}

export function findPaymentBySession(db: DB, paymentSessionId: string) {
  return db.selectFrom('payments').selectAll().where('payment_session_id', '=', paymentSessionId).executeTakeFirst();
}

/** Records a payment being opened ('created', its session still to come from the provider); answers its id. */
export async function insertPayment(trx: DB, payment: Insertable<PaymentTable>): Promise<number> {
  const row = await trx.insertInto('payments').values(payment).returning('pay_id').executeTakeFirstOrThrow();
  return row.pay_id;
}

/** Records the session the provider opened for a payment (what the browser library takes). */
export async function setPaymentSession(db: DB, pay_id: number, payment_session_id: string): Promise<void> {
  await db.updateTable('payments').set({ payment_session_id }).where('pay_id', '=', pay_id).execute();
}

/** The update that gives a payment its order, not yet run; `o_id` may be the order being inserted in the same statement (insertOrder). */
export function paymentOrderUpdate(db: QueryCreator<Database>, pay_id: number, o_id: OrderId) {
  return db.updateTable('payments').set({ o_id, updated_at: utcTimestamp() }).where('pay_id', '=', pay_id);
}

/** A payment's open life ended without money: 'failed' (the provider said so) or 'abandoned' (it lapsed unpaid). */
export async function closeUnpaidPayment(trx: DB, pay_id: number, status: 'failed' | 'abandoned', note: string): Promise<boolean> {
  const result = await trx
    .updateTable('payments')
    .set({ status, note, updated_at: utcTimestamp() })
    .where('pay_id', '=', pay_id)
    .where('status', '=', 'created')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records that an open payment ('created') was paid: the sandbox's Pay button, or the provider's word at the shopper's return. */
export function markOpenPaymentPaid(db: DB, pay_id: number) {
  return db.updateTable('payments').set({ status: 'paid', updated_at: utcTimestamp() }).where('pay_id', '=', pay_id).where('status', '=', 'created').execute();
}

/** Records that the provider took the money ('created', or closed unpaid by us before the provider's late word). */
export function markPaymentPaid(db: DB, pay_id: number) {
  return db
    .updateTable('payments')
    .set({ status: 'paid', updated_at: utcTimestamp() })
    .where('pay_id', '=', pay_id)
    .where('status', 'in', ['created', 'failed', 'abandoned'])
    .execute();
}

/** The provider order ids of the payments whose refund the provider has not accepted yet ('refund_due'). */
export async function dueRefundIds(db: DB): Promise<string[]> {
  const rows = await db.selectFrom('payments').select('provider_order_id').where('status', '=', 'refund_due').execute();
  return rows.map((r) => r.provider_order_id);
}

/** A payment's refund still to be accepted by the provider, as it is asked for; undefined once it is not due. */
export function findDueRefund(db: DB, provider_order_id: string) {
  return db
    .selectFrom('payments')
    .select(['provider_order_id', 'amount', 'o_id'])
    .where('provider_order_id', '=', provider_order_id)
    .where('status', '=', 'refund_due')
    .executeTakeFirst();
}

/** A payment whose refund is due: what the provider is asked to give back. */
export interface DueRefund {
  provider_order_id: string;
  amount: number;
  o_id: number | null;
}

/**
 * Claims the refund of an order's online payment ('used' -> 'refund_due') in one
 * conditional update, so two cancels never ask twice. Undefined when there is none.
 */
export function claimPaymentRefund(db: DB, o_id: number): Promise<DueRefund | undefined> {
  return db
    .updateTable('payments')
    .set({ status: 'refund_due', updated_at: utcTimestamp() })
    .where('o_id', '=', o_id)
    .where('status', '=', 'used')
    .returning(['provider_order_id', 'amount', 'o_id'])
    .executeTakeFirst();
}

/** Records that the provider accepted a due refund of `amount` ('refund_due' -> 'refunded'). */
export async function markRefundAccepted(db: DB, provider_order_id: string, amount: number): Promise<void> {
  await db
    .updateTable('payments')
    .set({ status: 'refunded', refund_amount: amount, updated_at: utcTimestamp() })
    .where('provider_order_id', '=', provider_order_id)
    .where('status', '=', 'refund_due')
    .execute();
}

/**
 * Claims the refund of a paid payment no order was placed with ('paid' -> 'refund_due'), with
 * why, in one conditional update: a placement that claims the payment first ('used') wins,
 * and two settlements refund once. Undefined when it was not this call's to claim.
 */
export function claimUnplacedRefund(db: DB, pay_id: number, amount: number, note: string) {
  return db
    .updateTable('payments')
    .set({ status: 'refund_due', note, refund_amount: amount, updated_at: utcTimestamp() })
    .where('pay_id', '=', pay_id)
    .where('status', '=', 'paid')
    .where('o_id', 'is', null)
    .returning(['pay_id', 'provider_order_id', 'amount', 'o_id', 'currency'])
    .executeTakeFirst();
}

/**
 * Claims a paid payment for the order being placed with it ('created' or 'paid' -> 'used'),
 * inside the placement's transaction: the placement that claims it is the one order, and a
 * payment already being refunded is not placed.
 */
export async function claimPaymentForOrder(trx: DB, pay_id: number): Promise<boolean> {
  const result = await trx
    .updateTable('payments')
    .set({ status: 'used', updated_at: utcTimestamp() })
    .where('pay_id', '=', pay_id)
    .where('status', 'in', ['created', 'paid'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Payments the reconciliation settles: open past their life, and paid with no order (refunds not yet accepted are asked again apart: api/orders/refund.ts). */
export function paymentsToSettle(db: DB, nowText: string, limit = 200) {
  return db
    .selectFrom('payments')
    .select(['pay_id', 'provider', 'provider_order_id', 'status', 'locked_until', 'o_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'created'), eb('locked_until', '<', nowText)]),
        eb.and([eb('status', '=', 'paid'), eb('o_id', 'is', null)]),
      ]),
    )
    .orderBy('pay_id')
    .limit(limit)
    .execute();
}

/**
 * Payments whose holds outlived them: closed without an order, or still open past their life
 * (a paid payment keeps its pieces until its order takes them or it is refunded).
 */
export function paymentsWithStaleHolds(db: DB, nowText: string) {
  return db
    .selectFrom('stock_holds as h')
    .innerJoin('payments as p', 'p.pay_id', 'h.pay_id')
    .select('p.pay_id')
    .distinct()
    .where((eb) =>
      eb.or([eb('p.status', 'in', ['failed', 'abandoned', 'refund_due', 'refunded', 'used']), eb.and([eb('p.status', '=', 'created'), eb('p.locked_until', '<', nowText)])]),
    )
    .execute();
}

export interface PaymentListing {
  pay_id: number;
  order_id: string;
  o_id: number | null;
  u_id: number | null;
  amount: number;
  currency: string;
  status: PaymentRecordState;
  needs_attention: boolean;
  created_at: string;
  updated_at: string;
  locked_until: string | null;
  refund_amount: number | null;
  note: string | null;
}

/** The payments that need attention (rules/payments.ts paymentNeedsAttention), as a condition. */
const needsAttention = (nowText: string) => (eb: ExpressionBuilder<Database, 'payments'>) =>
  eb.or([
    eb.and([eb('status', 'in', ['paid', 'created']), eb('o_id', 'is', null), eb('locked_until', '<', nowText)]),
    eb('status', '=', 'refund_due'),
  ]);

/** How many payments need attention now (the /metrics gauge): one count, no rows. */
export async function countPaymentsNeedingAttention(db: DB, nowText: string): Promise<number> {
  const { n } = await db.selectFrom('payments').where(needsAttention(nowText)).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

/** Every payment, newest first, a page at a time; `status` one listed state, or 'attention' for those that need it. */
export async function listPayments(
  db: DB,
  options: { page: number; perPage: number; status?: PaymentRecordState | 'attention'; nowText: string },
): Promise<{ rows: PaymentListing[]; totalCount: number }> {
  const { status, nowText } = options;
  const base = () => {
    let q = db.selectFrom('payments');
    if (status === 'attention') {
      q = q.where(needsAttention(nowText));
    } else if (status) {
      q = q.where('status', 'in', storedPaymentStatuses(status));
    }
    return q;
  };
  const [rows, count] = await Promise.all([
    base()
      .select(['pay_id', 'provider_order_id', 'o_id', 'u_id', 'amount', 'currency', 'status', 'created_at', 'updated_at', 'locked_until', 'refund_amount', 'note'])
      .orderBy('pay_id', 'desc')
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage)
      .execute(),
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({
      pay_id: r.pay_id,
      order_id: r.provider_order_id,
      o_id: r.o_id,
      u_id: r.u_id,
      amount: Number(r.amount),
      currency: r.currency,
      status: paymentRecordState(r.status),
      needs_attention: paymentNeedsAttention(r, nowText),
      created_at: r.created_at,
      updated_at: r.updated_at,
      locked_until: r.locked_until,
      refund_amount: r.refund_amount === null ? null : Number(r.refund_amount),
      note: r.note,
    })),
    totalCount: Number(count.n),
  };
}

/* ---------------------------------------------------------------- webhooks */

/**
 * Claims a webhook delivery, known by `event_key`, for this call: true the first time, false
 * when it was received before (its key is unique, so two deliveries at once claim it once).
 */
export async function claimWebhookDelivery(db: DB, event_key: string, provider: string): Promise<boolean> {
  const claimed = await db
    .insertInto('webhook_events')
    .values({ event_key, provider })
    .onConflict((oc) => oc.column('event_key').doNothing())
    .returning('event_key')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Gives a claimed delivery back (it could not be settled), so the provider's retry is let through. */
export async function releaseWebhookDelivery(db: DB, event_key: string): Promise<void> {
  await db.deleteFrom('webhook_events').where('event_key', '=', event_key).execute();
}
