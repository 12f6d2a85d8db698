/**
 * Orders as the back office runs them (the order desk): every order with what
 * the shop alone sees (internal note, what may come next, what a cancel would
 * refund), one page at a time with a filter and a search, one order in detail
 * with its history, and the status history written by every status change.
 */

import { type ExpressionBuilder, type QueryCreator, type Selectable, sql } from 'kysely';
import { notFoundError } from '../../rules/errors.ts';
import { nextStatusesForShop, type OrderStatus } from '../../rules/orders.ts';
import { asPaymentStatus, cancelRefunds, type PaymentStatus } from '../../rules/payments.ts';
import { recordChange } from '../audit.ts';
import type { DB } from '../connection.ts';
import type { Database, Order, OrderStatusHistoryTable } from '../schema.ts';
import { type OrderId, type OrderView, orderViews } from './orders.ts';
import type { PanSight } from './pan.ts';
import { isoTimestamp, utcTimestamp } from '../time.ts';
import { writeTransaction } from '../transaction.ts';

/** An order as the administrator sees it in a list. */
export interface AdminOrderView extends OrderView {
  /** The shop's own note (never in a shopper's answer). */
  internal_note: string | null;
  /** The statuses the shop may set next (rules/orders.ts); empty once Delivered or Cancelled. */
  next_statuses: OrderStatus[];
  /** What cancelling it now gives back (major units of `currency`), to be confirmed; null when a cancel refunds nothing. */
  refund_on_cancel: number | null;
}

export interface StatusChangeView {
  /** null for the order being placed. */
  from_status: number | null;
  to_status: number;
  payment_status: PaymentStatus;
  actor: 'shopper' | 'shop' | 'system';
  u_id: number | null;
  /** The full name of the account that made the change, when there is one. */
  by: string | null;
  note: string | null;
  createdAt: string;
}

/** One order in full, for the order desk. */
export interface OrderDetailView extends AdminOrderView {
  /** The account that placed it (null once deleted). */
  customer: { u_id: number; full_name: string; u_name: string; country_code: string; phone_number: string } | null;
  status_history: StatusChangeView[];
}

async function adminViews(db: DB, orders: Order[], pan: PanSight): Promise<AdminOrderView[]> {
  const views = await orderViews(db, orders, pan);
  return views.map((view, i) => ({
    ...view,
    internal_note: orders[i].internal_note,
    next_statuses: [...nextStatusesForShop(view.status)],
    refund_on_cancel: nextStatusesForShop(view.status).includes(5) && cancelRefunds(view.payment_status) ? view.total : null,
  }));
}

/** Orders read per query when every order is asked for: the answer is built a page at a time. */
const LIST_CHUNK = 2_000;

/**
 * Every order, newest first, with its items: read LIST_CHUNK orders at a time, so no table is too large.
 * PANs masked (`panKey` opens them): a list shows none whole; the order's detail does, to `pan.view`.
 */
export async function listAllOrders(db: DB, panKey: Uint8Array): Promise<AdminOrderView[]> {
  const all: AdminOrderView[] = [];
  let after: { created_at: string; o_id: number } | null = null;
  for (;;) {
    let query = db.selectFrom('orders').selectAll().orderBy('created_at', 'desc').orderBy('o_id', 'desc').limit(LIST_CHUNK);
    if (after) {
      const { created_at, o_id } = after;
      query = query.where((eb) => eb.or([eb('created_at', '<', created_at), eb.and([eb('created_at', '=', created_at), eb('o_id', '<', o_id)])]));
    }
    const rows = await query.execute();
    all.push(...(await adminViews(db, rows, { key: panKey, whole: false })));
    if (rows.length < LIST_CHUNK) return all;
    const last = rows[rows.length - 1];
    after = { created_at: last.created_at, o_id: last.o_id };
  }
}

export interface OrderListQuery {
  page: number;
  perPage: number;
  status?: OrderStatus;
  /** An order number (12 or #12), or part of the customer's name, phone number or e-mail. */
  search?: string;
}

/** `%text%` for LIKE, with the wildcard characters of the text itself escaped. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function matching(query: Pick<OrderListQuery, 'status' | 'search'>) {
  return (eb: ExpressionBuilder<Database, 'orders'>) => {
    const conditions = [];
    if (query.status !== undefined) conditions.push(eb('status', '=', query.status));
    const term = query.search?.trim();
    if (term) {
      const pattern = containing(term.toLowerCase());
      // An order number fits the key's 32 bits (PostgreSQL refuses a larger literal): a 10-digit phone is not one.
      const number = /^#?\d{1,9}$/.test(term) ? Number(term.replace('#', '')) : null;
      // Phones are kept in E.164 (+919876543210): "98765 43210" or "+91 98765" is looked for by its digits.
      const phoneDigits = /^\+?[\d\s().-]+$/.test(term) ? term.replace(/\D/g, '') : '';
      conditions.push(
        eb.or([
          ...(number !== null ? [eb('o_id', '=', number)] : []),
          eb(sql<string>`lower(first_name || ' ' || last_name)`, 'like', sql<string>`${pattern} escape '\\'`),
          eb(sql<string>`lower(email)`, 'like', sql<string>`${pattern} escape '\\'`),
          eb('phone_number', 'like', sql<string>`${pattern} escape '\\'`),
          ...(phoneDigits.length >= 3 ? [eb('phone_number', 'like', `%${phoneDigits}%`)] : []),
        ]),
      );
    }
    return eb.and(conditions);
  };
}

/** One page of orders, newest first, of one status and/or matching a search, and how many match in all (PANs masked, as listAllOrders). */
export async function listOrderPage(db: DB, query: OrderListQuery, panKey: Uint8Array): Promise<{ orderData: AdminOrderView[]; totalCount: number }> {
  const where = matching(query);
  const [rows, count] = await Promise.all([
    db
      .selectFrom('orders')
      .selectAll()
      .where(where)
      .orderBy('created_at', 'desc')
      .orderBy('o_id', 'desc')
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute(),
    db.selectFrom('orders').select((eb) => eb.fn.countAll<number | string>().as('n')).where(where).executeTakeFirstOrThrow(),
  ]);
  return { orderData: await adminViews(db, rows, { key: panKey, whole: false }), totalCount: Number(count.n) };
}

/** One order in full for the order desk: customer, items, payment, history, note, shipment; the PAN as `pan` shows it. */
export async function orderDetail(db: DB, o_id: number, pan: PanSight): Promise<OrderDetailView> {
  const order = await db.selectFrom('orders').selectAll().where('o_id', '=', o_id).executeTakeFirst();
  if (!order) throw notFoundError('Order not found.');
  const [[view], customer, history] = await Promise.all([
    adminViews(db, [order], pan),
    order.u_id === null
      ? Promise.resolve(undefined)
      : db.selectFrom('users').select(['u_id', 'full_name', 'u_name', 'country_code', 'phone_number']).where('u_id', '=', order.u_id).executeTakeFirst(),
    orderHistory(db, o_id),
  ]);
  return { ...view, customer: customer ?? null, status_history: history };
}

/** An order's status changes, oldest first. */
export async function orderHistory(db: DB, o_id: number): Promise<StatusChangeView[]> {
  const rows = await db
    .selectFrom('order_status_history as h')
    .leftJoin('users as u', 'u.u_id', 'h.u_id')
    .select(['h.from_status', 'h.to_status', 'h.payment_status', 'h.actor', 'h.u_id', 'u.full_name', 'h.note', 'h.created_at'])
    .where('h.o_id', '=', o_id)
    .orderBy('h.osh_id')
    .execute();
  return rows.map((r) => ({
    from_status: r.from_status,
    to_status: r.to_status,
    payment_status: asPaymentStatus(r.payment_status),
    actor: r.actor,
    u_id: r.u_id,
    by: r.full_name ?? null,
    note: r.note,
    createdAt: isoTimestamp(r.created_at),
  }));
}

/** One line of an order's status history, as written (its id and time come from the database; no note unless given). */
export type StatusChange = Omit<Selectable<OrderStatusHistoryTable>, 'osh_id' | 'created_at' | 'note'> & { note?: string | null };

/** The insert of one status change, not yet run; `o_id` may be an order being inserted in the same statement (insertOrder). */
export function statusChangeInsert(db: QueryCreator<Database>, change: Omit<StatusChange, 'o_id'> & { o_id: OrderId }) {
  return db.insertInto('order_status_history').values({ ...change, note: change.note ?? null });
}

/** Records one status change (or the order being placed, from null) in the history. */
export async function recordStatusChange(db: DB, change: StatusChange): Promise<void> {
  await statusChangeInsert(db, change).execute();
}

/** Sets the shop's internal note of an order (null or '' clears it). */
export function setInternalNote(db: DB, o_id: number, note: string | null): Promise<void> {
  return writeTransaction(db, async (trx) => {
    const before = await trx.selectFrom('orders').select('internal_note').where('o_id', '=', o_id).executeTakeFirst();
    if (!before) throw notFoundError('Order not found.');
    const internal_note = note || null;
    await trx.updateTable('orders').set({ internal_note, updated_at: utcTimestamp() }).where('o_id', '=', o_id).execute();
    await recordChange(trx, { action: 'order.note', entity: 'order', entity_id: o_id, before, after: { internal_note } });
  });
}

/** Sets the courier and tracking number the shopper sees (null or '' clears them). */
export function setShipment(db: DB, o_id: number, shipment: { courier_name: string | null; tracking_number: string | null }): Promise<void> {
  return writeTransaction(db, async (trx) => {
    const before = await trx.selectFrom('orders').select(['courier_name', 'tracking_number']).where('o_id', '=', o_id).executeTakeFirst();
    if (!before) throw notFoundError('Order not found.');
    const after = { courier_name: shipment.courier_name || null, tracking_number: shipment.tracking_number || null };
    await trx.updateTable('orders').set({ ...after, updated_at: utcTimestamp() }).where('o_id', '=', o_id).execute();
    await recordChange(trx, { action: 'order.shipment', entity: 'order', entity_id: o_id, before, after });
  });
}

/**
 * Moves an order from `from` to `to` with its new payment status, only if it is
 * still at `from` (a change made meanwhile is not overwritten). True when it moved.
 */
export async function applyStatusChange(
  db: DB,
  change: { o_id: number; from: number; to: OrderStatus; payment_status: PaymentStatus; refund_amount?: number },
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({
      status: change.to,
      payment_status: change.payment_status,
      ...(change.refund_amount === undefined ? {} : { refund_amount: change.refund_amount }),
      updated_at: utcTimestamp(),
    })
    .where('o_id', '=', change.o_id)
    .where('status', '=', change.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The provider accepted an order's refund: its payment status says so, with the date. */
export async function markRefunded(db: DB, o_id: number): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ payment_status: 'refunded', refunded_at: utcTimestamp(), updated_at: utcTimestamp() })
    .where('o_id', '=', o_id)
    .where('payment_status', '=', 'refund_pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
