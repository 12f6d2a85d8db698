/**
 * Returns, exchanges and buy-backs as the database keeps them (issue 36): the request, its
 * pieces (one return_items row per piece: a piece is in one live request at most, by the
 * partial unique index return_items_live_piece_unique), its timeline, and the views the
 * shopper and the returns desk read. The rules are rules/returns.ts; the lifecycle that moves
 * a request (and pays it) is api/returns/lifecycle.ts.
 */

import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import { type DB, engineOf } from '../connection.ts';
import type { Database, ReturnTable } from '../schema.ts';
import { isoTimestamp, timestampMs, utcTimestamp } from '../time.ts';
import { huidsOfItems } from './hallmarks-invoices.ts';
import { FINAL_RETURN_STATUSES, isReturnReason, RELEASED_RETURN_STATUSES, RETURN_REASONS, type ReturnKind, type ReturnStatus } from '../../rules/returns.ts';

export function findReturn(db: DB, r_id: number) {
  return db.selectFrom('returns').selectAll().where('r_id', '=', r_id).executeTakeFirst();
}

/** When an order was delivered (ms), from its status history; null when it never was. */
export async function deliveredAt(db: DB, o_id: number): Promise<number | null> {
  const row = await db
    .selectFrom('order_status_history')
    .select('created_at')
    .where('o_id', '=', o_id)
    .where('to_status', '=', 4)
    .orderBy('osh_id')
    .limit(1)
    .executeTakeFirst();
  return row ? timestampMs(row.created_at) : null;
}

/** An order line with what the return rules read: the return terms it was sold under and the pieces already asked back. */
export interface LineForReturn {
  oi_id: number;
  p_id: number | null;
  pc_id: number | null;
  product_name: string;
  product_image: string | null;
  carat_name: string | null;
  size_name: string | null;
  quantity: number;
  price: number;
  line_total: number;
  non_returnable: string | null;
  partial_refund: boolean;
  /** Pieces in live requests (not rejected or withdrawn). */
  already_returned: number;
}

/** The pieces of each line of an order in live requests, by oi_id. */
async function livePieces(db: DB, o_id: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('return_items as ri')
    .innerJoin('order_items as oi', 'oi.oi_id', 'ri.oi_id')
    .select(['ri.oi_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('oi.o_id', '=', o_id)
    .where('ri.active', '=', 1)
    .groupBy('ri.oi_id')
    .execute();
  return new Map(rows.map((r) => [r.oi_id, Number(r.n)]));
}

/** An order's lines for a return request, in line order. */
export async function linesForReturn(db: DB, o_id: number): Promise<LineForReturn[]> {
  const [items, live] = await Promise.all([
    db
      .selectFrom('order_items as oi')
      .select([
        'oi.oi_id',
        'oi.p_id',
        'oi.pc_id',
        'oi.product_name',
        'oi.product_image',
        'oi.carat_name',
        'oi.size_name',
        'oi.quantity',
        'oi.price',
        'oi.line_total',
        // The terms the piece was sold under (issue 36), not the product's of today.
        'oi.non_returnable',
        'oi.partial_refund',
      ])
      .where('oi.o_id', '=', o_id)
      .orderBy('oi.oi_id')
      .execute(),
    livePieces(db, o_id),
  ]);
  return items.map((i) => ({
    oi_id: i.oi_id,
    p_id: i.p_id,
    pc_id: i.pc_id,
    product_name: i.product_name,
    product_image: i.product_image,
    carat_name: i.carat_name,
    size_name: i.size_name,
    quantity: i.quantity,
    price: Number(i.price),
    line_total: Number(i.line_total),
    non_returnable: i.non_returnable ?? null,
    partial_refund: Number(i.partial_refund ?? 0) === 1,
    already_returned: live.get(i.oi_id) ?? 0,
  }));
}

export interface NewReturn {
  o_id: number;
  u_id: number;
  kind: ReturnKind;
  reason: string;
  note: string | null;
  currency: 'INR' | 'USD';
  items: { oi_id: number; quantity: number }[];
}

/**
 * Writes a request and its pieces (inside the caller's transaction, after the rules allowed it):
 * each line's lowest pieces not in a live request. Two requests racing for the same piece meet
 * in the unique index: one commits, the other is retried by writeTransaction and then refused
 * by the rules, which see the piece taken.
 * eventNote is the note of the request's first timeline entry (by default the shopper's words).
 */
export async function insertReturn(trx: DB, request: NewReturn, actorU_id: number, eventNote: string | null = request.note): Promise<number> {
  const { r_id } = await trx
    .insertInto('returns')
    .values({ o_id: request.o_id, u_id: request.u_id, kind: request.kind, reason: request.reason, note: request.note, currency: request.currency })
    .returning('r_id')
    .executeTakeFirstOrThrow();
  const rows: { r_id: number; oi_id: number; piece: number }[] = [];
  for (const item of request.items) {
    const taken = await trx.selectFrom('return_items').select('piece').where('oi_id', '=', item.oi_id).where('active', '=', 1).execute();
    const busy = new Set(taken.map((t) => t.piece));
    for (let piece = 1; rows.filter((r) => r.oi_id === item.oi_id).length < item.quantity; piece++) {
      if (!busy.has(piece)) rows.push({ r_id, oi_id: item.oi_id, piece });
    }
  }
  await trx.insertInto('return_items').values(rows).execute();
  await addReturnEvent(trx, { r_id, status: 'requested', actor: 'shopper', u_id: actorU_id, note: eventNote });
  return r_id;
}

export async function addReturnEvent(trx: DB, event: { r_id: number; status: ReturnStatus; actor: 'shopper' | 'shop' | 'system'; u_id: number | null; note?: string | null }) {
  await trx.insertInto('return_events').values({ ...event, note: event.note ?? null }).execute();
}

/**
 * Moves a request from `from` to `to` with the columns the step sets, only if it is still at
 * `from` (two staff at once: one moves it, the other finds it moved). Rejected and withdrawn
 * free its pieces. Answers whether it moved.
 */
export async function moveReturn(
  trx: DB,
  r_id: number,
  from: ReturnStatus,
  to: ReturnStatus,
  set: Partial<{
    courier_name: string | null;
    tracking_number: string | null;
    refund_amount: number;
    payout_method: 'online' | 'bank' | 'upi' | 'store_credit';
    payout_reference: string | null;
    payout_status: 'due' | 'paid' | null;
  }> = {},
): Promise<boolean> {
  const moved = await trx
    .updateTable('returns')
    .set({ ...set, status: to, updated_at: utcTimestamp() })
    .where('r_id', '=', r_id)
    .where('status', '=', from)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  if (RELEASED_RETURN_STATUSES.includes(to)) await trx.updateTable('return_items').set({ active: 0 }).where('r_id', '=', r_id).execute();
  return true;
}

/** A request's pieces by line: how many, and the HUIDs read at inspection. */
export async function returnPieces(db: DB, r_id: number): Promise<{ oi_id: number; quantity: number; huids: string[] }[]> {
  const rows = await db.selectFrom('return_items').select(['oi_id', 'piece', 'huid']).where('r_id', '=', r_id).orderBy('oi_id').orderBy('piece').execute();
  const lines = new Map<number, { oi_id: number; quantity: number; huids: string[] }>();
  for (const row of rows) {
    const line = lines.get(row.oi_id) ?? { oi_id: row.oi_id, quantity: 0, huids: [] };
    line.quantity += 1;
    if (row.huid) line.huids.push(row.huid);
    lines.set(row.oi_id, line);
  }
  return [...lines.values()];
}

/** Records the HUID read off each returned piece (inspection), in piece order per line. */
export async function setInspectedHuids(trx: DB, r_id: number, huids: ReadonlyMap<number, readonly string[]>): Promise<void> {
  for (const [oi_id, list] of huids) {
    const pieces = await trx.selectFrom('return_items').select('piece').where('r_id', '=', r_id).where('oi_id', '=', oi_id).orderBy('piece').execute();
    for (const [i, { piece }] of pieces.entries()) {
      await trx.updateTable('return_items').set({ huid: list[i] ?? null }).where('r_id', '=', r_id).where('oi_id', '=', oi_id).where('piece', '=', piece).execute();
    }
  }
}

/** Releases returned pieces' HUIDs from the order that sold them (they may be sold again). */
export async function releaseReturnedHuids(trx: DB, huids: ReadonlyMap<number, readonly string[]>): Promise<void> {
  for (const [oi_id, list] of huids) {
    if (list.length) await trx.deleteFrom('order_item_huids').where('oi_id', '=', oi_id).where('huid', 'in', [...list]).execute();
  }
}

/** Puts returned pieces back into stock, where their carat row still exists and keeps stock; answers the rows given to. */
export async function restockReturned(trx: DB, lines: readonly { pc_id: number | null; quantity: number }[]): Promise<number[]> {
  const restocked: number[] = [];
  for (const line of lines) {
    if (line.pc_id === null || line.quantity <= 0) continue;
    const result = await trx
      .updateTable('product_carats')
      .set((eb) => ({ stock: eb('stock', '+', line.quantity) }))
      .where('pc_id', '=', line.pc_id)
      .where('stock', 'is not', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) restocked.push(line.pc_id);
  }
  return restocked;
}

/** Pieces of an order not in any live request besides `except` (0: every piece is coming back). */
export async function piecesLeft(db: DB, o_id: number): Promise<number> {
  const [items, live] = await Promise.all([
    db.selectFrom('order_items').select(['oi_id', 'quantity']).where('o_id', '=', o_id).execute(),
    livePieces(db, o_id),
  ]);
  return items.reduce((n, i) => n + Math.max(0, i.quantity - (live.get(i.oi_id) ?? 0)), 0);
}

// ---- Views ----

export interface ReturnItemView {
  oi_id: number;
  product_name: string;
  product_image: string | null;
  carat_name: string | null;
  size_name: string | null;
  quantity: number;
  /** Minor units. */
  unit_price: number;
  huids: string[];
}

export interface ReturnEventView {
  status: ReturnStatus;
  actor: 'shopper' | 'shop' | 'system';
  by: string | null;
  note: string | null;
  createdAt: string;
}

export interface ReturnRecord {
  r_id: number;
  o_id: number;
  u_id: number | null;
  kind: ReturnKind;
  status: ReturnStatus;
  reason: string;
  reason_text: string;
  note: string | null;
  currency: 'INR' | 'USD';
  items: ReturnItemView[];
  /** Minor units. */
  refund_amount: number | null;
  payout_method: 'online' | 'bank' | 'upi' | 'store_credit' | null;
  payout_reference: string | null;
  payout_status: 'due' | 'paid' | null;
  courier_name: string | null;
  tracking_number: string | null;
  credit_note_no: string | null;
  createdAt: string;
  updatedAt: string;
  /** The order's, for the desk. */
  first_name: string;
  last_name: string;
  phone_number: string;
  payment_method: string;
}

/** Requests in full (items, credit note number), in the order given. */
async function records(db: DB, rows: Selectable<ReturnTable>[]): Promise<ReturnRecord[]> {
  if (rows.length === 0) return [];
  const r_ids = rows.map((r) => r.r_id);
  const [pieces, notes, orders] = await Promise.all([
    db
      .selectFrom('return_items as ri')
      .innerJoin('order_items as oi', 'oi.oi_id', 'ri.oi_id')
      .select(['ri.r_id', 'ri.oi_id', 'ri.piece', 'ri.huid', 'oi.product_name', 'oi.product_image', 'oi.carat_name', 'oi.size_name', 'oi.price'])
      .where('ri.r_id', 'in', r_ids)
      .orderBy('ri.r_id')
      .orderBy('ri.oi_id')
      .orderBy('ri.piece')
      .execute(),
    db.selectFrom('credit_notes').select(['r_id', 'credit_note_no']).where('r_id', 'in', r_ids).execute(),
    db
      .selectFrom('orders')
      .select(['o_id', 'first_name', 'last_name', 'phone_number', 'payment_method'])
      .where('o_id', 'in', [...new Set(rows.map((r) => r.o_id))])
      .execute(),
  ]);
  const itemsOf = new Map<number, ReturnItemView[]>();
  for (const p of pieces) {
    const list = itemsOf.get(p.r_id) ?? [];
    let item = list.find((i) => i.oi_id === p.oi_id);
    if (!item) {
      item = { oi_id: p.oi_id, product_name: p.product_name, product_image: p.product_image, carat_name: p.carat_name, size_name: p.size_name, quantity: 0, unit_price: Number(p.price), huids: [] };
      list.push(item);
    }
    item.quantity += 1;
    if (p.huid) item.huids.push(p.huid);
    itemsOf.set(p.r_id, list);
  }
  const noteOf = new Map(notes.map((n) => [n.r_id, n.credit_note_no]));
  const orderOf = new Map(orders.map((o) => [o.o_id, o]));
  return rows.map((r) => {
    const order = orderOf.get(r.o_id);
    return {
      r_id: r.r_id,
      o_id: r.o_id,
      u_id: r.u_id,
      kind: r.kind,
      status: r.status as ReturnStatus,
      reason: r.reason,
      reason_text: isReturnReason(r.reason) ? RETURN_REASONS[r.reason] : r.reason,
      note: r.note,
      currency: r.currency,
      items: itemsOf.get(r.r_id) ?? [],
      refund_amount: r.refund_amount === null ? null : Number(r.refund_amount),
      payout_method: r.payout_method,
      payout_reference: r.payout_reference,
      payout_status: r.payout_status,
      courier_name: r.courier_name,
      tracking_number: r.tracking_number,
      credit_note_no: noteOf.get(r.r_id) ?? null,
      createdAt: isoTimestamp(r.created_at),
      updatedAt: isoTimestamp(r.updated_at),
      first_name: order?.first_name ?? '',
      last_name: order?.last_name ?? '',
      phone_number: order?.phone_number ?? '',
      payment_method: order?.payment_method ?? '',
    };
  });
}

/** A request's timeline, oldest first; `names`: the staff's names too (the desk), else only the shopper's. */
export async function returnTimeline(db: DB, r_id: number, names: boolean): Promise<ReturnEventView[]> {
  const rows = await db
    .selectFrom('return_events as e')
    .leftJoin('users as u', 'u.u_id', 'e.u_id')
    .select(['e.status', 'e.actor', 'e.note', 'e.created_at', 'u.full_name'])
    .where('e.r_id', '=', r_id)
    .orderBy('e.re_id')
    .execute();
  return rows.map((e) => ({
    status: e.status as ReturnStatus,
    actor: e.actor,
    by: names || e.actor === 'shopper' ? (e.full_name ?? null) : null,
    note: e.note,
    createdAt: isoTimestamp(e.created_at),
  }));
}

/** A shopper's requests, newest first. */
export async function shopperReturns(db: DB, u_id: number): Promise<ReturnRecord[]> {
  const rows = await db.selectFrom('returns').selectAll().where('u_id', '=', u_id).orderBy('r_id', 'desc').limit(500).execute();
  return records(db, rows);
}

export async function returnRecord(db: DB, r_id: number): Promise<ReturnRecord | undefined> {
  const row = await findReturn(db, r_id);
  return row ? (await records(db, [row]))[0] : undefined;
}

/** `%text%` for LIKE, with the wildcard characters of the text itself escaped. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function matching(query: { status?: ReturnStatus; search?: string }) {
  return (eb: ExpressionBuilder<Database & { o: Database['orders'] }, 'returns' | 'o'>) => {
    const conditions = [];
    if (query.status) conditions.push(eb('returns.status', '=', query.status));
    const term = query.search?.trim();
    if (term) {
      const pattern = containing(term.toLowerCase());
      const number = /^#?\d{1,9}$/.test(term) ? Number(term.replace('#', '')) : null;
      const phoneDigits = /^\+?[\d\s().-]+$/.test(term) ? term.replace(/\D/g, '') : '';
      conditions.push(
        eb.or([
          ...(number !== null ? [eb('returns.r_id', '=', number), eb('returns.o_id', '=', number)] : []),
          eb(sql<string>`lower(o.first_name || ' ' || o.last_name)`, 'like', sql<string>`${pattern} escape '\\'`),
          eb(sql<string>`lower(o.email)`, 'like', sql<string>`${pattern} escape '\\'`),
          ...(phoneDigits.length >= 3 ? [eb('o.phone_number', 'like', `%${phoneDigits}%`)] : []),
        ]),
      );
    }
    return eb.and(conditions);
  };
}

/** One page of requests for the desk, newest first, and how many match. */
export async function returnPage(db: DB, query: { page: number; perPage: number; status?: ReturnStatus; search?: string }): Promise<{ rows: ReturnRecord[]; totalCount: number }> {
  const where = matching(query);
  const [rows, count] = await Promise.all([
    db
      .selectFrom('returns')
      .innerJoin('orders as o', 'o.o_id', 'returns.o_id')
      .selectAll('returns')
      .where(where)
      .orderBy('returns.r_id', 'desc')
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute(),
    db
      .selectFrom('returns')
      .innerJoin('orders as o', 'o.o_id', 'returns.o_id')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: await records(db, rows), totalCount: Number(count.n) };
}

/** The HUIDs recorded when the lines were sold, by line (what inspection matches against). */
export function recordedHuids(db: DB, oi_ids: readonly number[]): Promise<Map<number, string[]>> {
  return huidsOfItems(db, oi_ids);
}

/** Online refunds of returns the provider has not accepted yet (asked again by the reconciliation). */
export function dueReturnRefunds(db: DB) {
  return db.selectFrom('returns').select('r_id').where('payout_method', '=', 'online').where('payout_status', '=', 'due').orderBy('r_id').execute();
}

/** Records the provider's acceptance of a return's refund (due -> paid); answers whether this call did. */
export async function markReturnRefundPaid(trx: DB, r_id: number): Promise<boolean> {
  const result = await trx.updateTable('returns').set({ payout_status: 'paid', updated_at: utcTimestamp() }).where('r_id', '=', r_id).where('payout_status', '=', 'due').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The store credit return r_id gave back (its ledger grant), minor units; 0 when none. */
export async function returnStoreCredit(db: DB, r_id: number): Promise<number> {
  const row = await db.selectFrom('store_credit_entries').select('amount').where('kind', '=', 'grant').where('r_id', '=', r_id).executeTakeFirst();
  return row ? Number(row.amount) : 0;
}

/**
 * What earlier refunds of order o_id already paid back the way it was paid (not as store credit),
 * minor units: the order's own refund plus each other refunded return's amount less the store
 * credit it gave. On PostgreSQL the order row stays locked until the caller's transaction ends,
 * so two returns of one order refunded at once never both count the same room.
 */
export async function refundedOtherwise(trx: DB, o_id: number, exceptR_id: number): Promise<number> {
  const order = engineOf(trx) === 'postgres'
    ? await trx.selectFrom('orders').select('refund_amount').where('o_id', '=', o_id).forUpdate().executeTakeFirst()
    : await trx.selectFrom('orders').select('refund_amount').where('o_id', '=', o_id).executeTakeFirst();
  const rows = await trx
    .selectFrom('returns')
    .leftJoin('store_credit_entries as sce', (join) => join.onRef('sce.r_id', '=', 'returns.r_id').on('sce.kind', '=', 'grant'))
    .select(['returns.refund_amount', 'sce.amount as credit'])
    .where('returns.o_id', '=', o_id)
    .where('returns.kind', '=', 'refund')
    .where('returns.r_id', '!=', exceptR_id)
    .where('returns.refund_amount', 'is not', null)
    .execute();
  return rows.reduce((sum, row) => sum + Number(row.refund_amount) - Number(row.credit ?? 0), Number(order?.refund_amount ?? 0));
}

/** A return photo as the API lists it (issue 36). */
export interface ReturnPhotoRow {
  rp_id: number;
  r_id: number;
  content_type: 'image/jpeg' | 'image/png' | 'image/webp';
  size: number;
  createdAt: string;
}

/** The photos of some returns, oldest first, by r_id. */
export async function photosOfReturns(db: DB, r_ids: readonly number[]): Promise<Map<number, ReturnPhotoRow[]>> {
  const byReturn = new Map<number, ReturnPhotoRow[]>();
  if (r_ids.length === 0) return byReturn;
  const rows = await db
    .selectFrom('return_photos')
    .select(['rp_id', 'r_id', 'content_type', 'size', 'created_at'])
    .where('r_id', 'in', [...r_ids])
    .orderBy('r_id')
    .orderBy('slot')
    .execute();
  for (const { created_at, ...row } of rows) {
    const list = byReturn.get(row.r_id) ?? [];
    list.push({ ...row, size: Number(row.size), createdAt: isoTimestamp(created_at) });
    byReturn.set(row.r_id, list);
  }
  return byReturn;
}

/** One photo with its return's shopper (who may read it), or undefined. */
export function findReturnPhoto(db: DB, rp_id: number) {
  return db
    .selectFrom('return_photos')
    .innerJoin('returns', 'returns.r_id', 'return_photos.r_id')
    .select(['return_photos.rp_id', 'return_photos.r_id', 'return_photos.file_name', 'return_photos.content_type', 'returns.u_id'])
    .where('return_photos.rp_id', '=', rp_id)
    .executeTakeFirst();
}

/** Whether a return may take another photo: 'missing' (no such return), 'closed' (no longer requested), 'full', or null (it may). */
export async function returnPhotoRefusal(db: DB, r_id: number, u_id: number, max: number): Promise<'missing' | 'closed' | 'full' | null> {
  const ret = await db.selectFrom('returns').select(['u_id', 'status']).where('r_id', '=', r_id).executeTakeFirst();
  if (!ret || ret.u_id !== u_id) return 'missing';
  if (ret.status !== 'requested') return 'closed';
  const { count } = await db.selectFrom('return_photos').select((eb) => eb.fn.countAll<number | string>().as('count')).where('r_id', '=', r_id).executeTakeFirstOrThrow();
  return Number(count) >= max ? 'full' : null;
}

/**
 * Records a photo in the next free slot (call inside writeTransaction, after returnPhotoRefusal
 * answered null in the same transaction): two uploads racing for the last slot take the same
 * one, and return_photos_slot_unique lets one in (the other's transaction is tried again and
 * finds the return full).
 */
export async function insertReturnPhoto(trx: DB, photo: { r_id: number; file_name: string; content_type: ReturnPhotoRow['content_type']; size: number }): Promise<number> {
  const { top } = await trx.selectFrom('return_photos').select((eb) => eb.fn.max<number | null>('slot').as('top')).where('r_id', '=', photo.r_id).executeTakeFirstOrThrow();
  const row = await trx
    .insertInto('return_photos')
    .values({ ...photo, slot: Number(top ?? 0) + 1 })
    .returning('rp_id')
    .executeTakeFirstOrThrow();
  return row.rp_id;
}

/**
 * Forgets the photos of the returns that are decided (FINAL_RETURN_STATUSES) and whose shopper's
 * account is gone or going: `u_id` the account being deleted, or null for the returns whose account
 * was deleted already. A decided return needs its photos no more (its figures, credit note and
 * timeline stay for the books); an open one keeps them for the desk until it is decided. Answers the
 * file names to remove from the private folder once the transaction commits.
 */
export async function forgetDecidedReturnPhotos(trx: DB, owner: { u_id: number } | { r_id: number }): Promise<string[]> {
  const rows = await trx
    .selectFrom('return_photos as p')
    .innerJoin('returns as r', 'r.r_id', 'p.r_id')
    .select(['p.rp_id', 'p.file_name'])
    .where('r.status', 'in', [...FINAL_RETURN_STATUSES])
    .where((eb) => ('u_id' in owner ? eb('r.u_id', '=', owner.u_id) : eb.and([eb('r.r_id', '=', owner.r_id), eb('r.u_id', 'is', null)])))
    .execute();
  if (rows.length > 0) await trx.deleteFrom('return_photos').where('rp_id', 'in', rows.map((r) => r.rp_id)).execute();
  return rows.map((r) => r.file_name);
}
