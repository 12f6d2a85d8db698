/**
 * One buyer's day, for the law's daily limits (rules/compliance.ts): cash from one person in
 * a day (s.269ST) and a PAN once a day's purchases reach ₹2,00,000 (r.114B). A buyer is an
 * account and, apart, a delivery phone (two accounts ordering to one phone are one person).
 * Every order and payment of the buyer locks the buyer's day rows first, then sums what the
 * orders and payments themselves say was bought that day, so concurrent orders of one buyer
 * check the limits one after another on both engines, and a cancelled order stops counting.
 */

import { sql } from 'kysely';
import { type DB, engineOf } from '../connection.ts';
import { utcTimestamp } from '../time.ts';
import { ORDER_STATUS } from '../../rules/orders.ts';

/** An order's delivery phone with the separators a shopper types taken out. */
const PHONE_DIGITS = sql<string>`replace(replace(replace(replace(phone_number, ' ', ''), '-', ''), '+', ''), '.', '')`;

export interface Buyer {
  u_id: number;
  /** The delivery phone's last ten digits (rules/compliance.ts phoneBuyer), or null. */
  phone: string | null;
}

export interface Day {
  day: string;
  startUtc: Date;
  endUtc: Date;
}

/** Locks the buyer's day: their account's row and their phone's, in one order (no deadlock between two buyers sharing a phone). */
export async function lockBuyerDay(trx: DB, day: Day, buyer: Buyer): Promise<void> {
  const keys = [`u:${buyer.u_id}`, ...(buyer.phone ? [`p:${buyer.phone}`] : [])].sort();
  await trx
    .insertInto('buyer_days')
    .values(keys.map((key) => ({ day: day.day, buyer: key })))
    .onConflict((oc) => oc.columns(['day', 'buyer']).doNothing())
    .execute();
  // SQLite's write transaction already holds the one write lock.
  if (engineOf(trx) === 'postgres') {
    await trx.selectFrom('buyer_days').select('buyer').where('day', '=', day.day).where('buyer', 'in', keys).orderBy('buyer').forUpdate().execute();
  }
}

/**
 * What the buyer bought on the day, paise, in rupee orders delivered in India (what the
 * limits count): `cod`, cash-on-delivery orders not cancelled; `spent`, every order not
 * cancelled plus the buyer's online payments still open or paid without an order yet.
 * `exceptPayment`: a payment becoming its order, not counted twice.
 */
export async function buyerDayTotals(trx: DB, day: Day, buyer: Buyer, exceptPayment?: number): Promise<{ cod: number; spent: number }> {
  const from = utcTimestamp(day.startUtc);
  const to = utcTimestamp(day.endUtc);
  const orders = await trx
    .selectFrom('orders')
    .select([
      sql<number>`coalesce(sum(case when payment_method = 'cod' then total else 0 end), 0)`.as('cod'),
      sql<number>`coalesce(sum(total), 0)`.as('spent'),
    ])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .where('status', '!=', ORDER_STATUS.cancelled)
    .where('currency', '=', 'INR')
    .where('country', '=', 'IN')
    // The phone as typed may hold spaces, dashes or +91: compared by its digits.
    .where((eb) => eb.or([eb('u_id', '=', buyer.u_id), ...(buyer.phone ? [eb(PHONE_DIGITS, 'like', `%${buyer.phone}`)] : [])]))
    .executeTakeFirstOrThrow();
  let inFlight = trx
    .selectFrom('payments')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('amount'))
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .where('u_id', '=', buyer.u_id)
    .where('currency', '=', 'INR')
    .where('status', 'in', ['created', 'paid'])
    .where('o_id', 'is', null);
  if (exceptPayment !== undefined) inFlight = inFlight.where('pay_id', '!=', exceptPayment);
  const payments = await inFlight.executeTakeFirstOrThrow();
  return { cod: Number(orders.cod), spent: Number(orders.spent) + Number(payments.amount) };
}
