/**
 * What the database must look like after anything (a kill -9, a second writer):
 * checked straight in the database (SQLite file or PostgreSQL) against the Ledger of what the API
 * acknowledged. Answers a list of problems (empty when all holds) so a test
 * shows every broken rule at once, not only the first.
 */

import { sql } from 'kysely';
import { engineOf, openDatabase } from '../../db/connection.ts';
import { percentOf } from '../../rules/money.ts';
import type { Ledger } from './shoppers.ts';

export interface StoreFindings {
  problems: string[];
  /** Orders in the database (all shoppers, the demo's included). */
  orders: number;
  /** Attempts with an order in the database. */
  placed: number;
}

interface OrderRow {
  o_id: number;
  u_id: number | null;
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  coupon_discount_bp: number | null;
  idempotency_key: string | null;
}

/**
 * Checks the rules a crash or a busy database must never break:
 * - SQLite: the file passes `PRAGMA integrity_check` and `PRAGMA foreign_key_check`
 *   (PostgreSQL checks its pages and foreign keys itself);
 * - every order the API acknowledged is there, with the o_id it was answered;
 * - every order has its items, its subtotal is the sum of its lines (each
 *   price x quantity), its discount the coupon's share, and its total
 *   subtotal - discount + shipping;
 * - an order's cart lines are gone from that shopper's cart, and an attempt
 *   that made no order left its cart lines in place (no cart both ordered and
 *   still full, none emptied without an order);
 * - every acknowledged cart line is in the cart, in a placed order, or removed by its shopper
 *   (after a sold-out refusal);
 * - no carat row's stock is below 0 (an honest sold-out 409 is allowed, an oversold piece is not);
 * - the ledger's shoppers have no order nobody asked for.
 */
export async function checkStore(databaseUrl: string, ledger: Ledger, shopperIds: number[]): Promise<StoreFindings> {
  const db = openDatabase(databaseUrl, { readonly: true });
  const all = async <T>(query: string) => (await sql.raw<T>(query).execute(db)).rows;
  try {
    const problems: string[] = [];
    if (engineOf(db) === 'sqlite') {
      const [integrity] = await all<{ integrity_check: string }>('pragma integrity_check');
      if (integrity?.integrity_check !== 'ok') problems.push(`integrity_check: ${JSON.stringify(integrity)}`);
      const foreign = await all<unknown>('pragma foreign_key_check');
      if (foreign.length) problems.push(`foreign_key_check: ${JSON.stringify(foreign.slice(0, 5))}`);
    }

    const orders = await all<OrderRow>('select o_id, u_id, subtotal, discount, shipping, total, coupon_discount_bp, idempotency_key from orders');
    const items = new Map(
      (
        await all<{ o_id: number; n: number; lines: number; wrong: number }>(
          'select o_id, count(*) as n, sum(line_total) as lines, sum(case when line_total = price * quantity then 0 else 1 end) as wrong from order_items group by o_id',
        )
      ).map((r) => [r.o_id, r]),
    );
    for (const order of orders) {
      const mine = items.get(order.o_id);
      if (!mine) {
        problems.push(`order ${order.o_id} has no items`);
        continue;
      }
      if (mine.wrong) problems.push(`order ${order.o_id}: ${mine.wrong} line(s) where line_total is not price x quantity`);
      if (mine.lines !== order.subtotal) problems.push(`order ${order.o_id}: subtotal ${order.subtotal} but its lines sum to ${mine.lines}`);
      const discount = order.coupon_discount_bp === null ? 0 : Math.min(percentOf(order.subtotal, order.coupon_discount_bp), order.subtotal);
      if (order.discount !== discount) problems.push(`order ${order.o_id}: discount ${order.discount}, the coupon gives ${discount}`);
      if (order.total !== order.subtotal - order.discount + order.shipping) {
        problems.push(`order ${order.o_id}: total ${order.total} is not subtotal ${order.subtotal} - discount ${order.discount} + shipping ${order.shipping}`);
      }
    }

    const shoppers = new Set(shopperIds);
    const byKey = new Map(orders.filter((o) => o.idempotency_key !== null).map((o) => [`${o.u_id}:${o.idempotency_key}`, o]));
    const cart = new Map(
      (await all<{ c_id: number; u_id: number; quantity: number }>('select c_id, u_id, quantity from cart_items'))
        .filter((l) => shoppers.has(l.u_id))
        .map((l) => [l.c_id, l]),
    );
    const known = new Set<string>();
    const ordered = new Set<number>();
    /** The cart lines of every attempt that made an order (whatever came first in the ledger). */
    const takenByAnOrder = new Set(ledger.attempts.filter((a) => byKey.has(`${a.u_id}:${a.key}`)).flatMap((a) => a.c_ids));
    let placed = 0;
    for (const attempt of ledger.attempts) {
      const key = `${attempt.u_id}:${attempt.key}`;
      known.add(key);
      const order = byKey.get(key);
      if (attempt.outcome === 'acknowledged') {
        if (!order) problems.push(`acknowledged order ${attempt.o_id} (shopper ${attempt.u_id}, round ${attempt.acknowledgedIn}) is missing`);
        else if (order.o_id !== attempt.o_id) problems.push(`key ${attempt.key} was answered o_id ${attempt.o_id} but the order is ${order.o_id}`);
      }
      if (order) {
        placed += 1;
        for (const c_id of attempt.c_ids) ordered.add(c_id);
        const still = attempt.c_ids.filter((c_id) => cart.get(c_id)?.u_id === attempt.u_id);
        if (still.length) problems.push(`order ${order.o_id} was placed but its cart lines ${still.join(', ')} are still in shopper ${attempt.u_id}'s cart`);
      } else if (attempt.outcome !== 'acknowledged') {
        // A line may leave a cart without this attempt's order when the shopper removed it (sold out),
        // or when a later order took it (a removal cut short by a kill leaves it for the next round's order).
        const gone = attempt.c_ids.filter((c_id) => !cart.has(c_id) && !ledger.removed.has(c_id) && !takenByAnOrder.has(c_id));
        if (gone.length) problems.push(`no order for key ${attempt.key} (${attempt.outcome}) but its cart lines ${gone.join(', ')} left shopper ${attempt.u_id}'s cart`);
      }
    }
    for (const order of orders) {
      if (order.u_id !== null && shoppers.has(order.u_id) && !known.has(`${order.u_id}:${order.idempotency_key}`)) {
        problems.push(`order ${order.o_id} of shopper ${order.u_id} answers no request sent (key ${order.idempotency_key})`);
      }
    }
    for (const ack of ledger.cart) {
      const line = cart.get(ack.c_id);
      if (line && line.quantity < ack.quantity) problems.push(`cart line ${ack.c_id} holds ${line.quantity}, ${ack.quantity} was acknowledged`);
      if (!line && !ordered.has(ack.c_id) && !ledger.removed.has(ack.c_id)) problems.push(`acknowledged cart line ${ack.c_id} (shopper ${ack.u_id}) is neither in the cart nor in an order`);
    }
    const oversold = await all<{ pc_id: number; stock: number }>('select pc_id, stock from product_carats where stock < 0');
    for (const row of oversold) problems.push(`carat row ${row.pc_id} holds ${row.stock} pieces: more were sold than there were`);
    return { problems, orders: orders.length, placed };
  } finally {
    await db.destroy();
  }
}
