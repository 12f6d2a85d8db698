/**
 * The records the law asks an order to keep: the HUID of each piece
 * (order_item_huids) and the tax invoice issued when it ships (invoices, with
 * a running number per financial year in invoice_counters).
 */

import type { DB } from '../connection.ts';

/** An order's lines with their number of pieces, in line order: each piece has its own HUID. */
export function orderLinePieces(db: DB, o_id: number): Promise<{ oi_id: number; quantity: number }[]> {
  return db.selectFrom('order_items').select(['oi_id', 'quantity']).where('o_id', '=', o_id).orderBy('oi_id').execute();
}

/** HUIDs by order line, each line's in piece order. */
export async function huidsOfItems(db: DB, oi_ids: readonly number[]): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>();
  if (oi_ids.length === 0) return result;
  const rows = await db
    .selectFrom('order_item_huids')
    .select(['oi_id', 'huid'])
    .where('oi_id', 'in', [...oi_ids])
    .orderBy('oi_id')
    .orderBy('piece')
    .execute();
  for (const row of rows) {
    const list = result.get(row.oi_id) ?? [];
    list.push(row.huid);
    result.set(row.oi_id, list);
  }
  return result;
}

/** Invoice numbers by order, for the orders that have one. */
export async function invoiceNumbersOf(db: DB, o_ids: readonly number[]): Promise<Map<number, string>> {
  if (o_ids.length === 0) return new Map();
  const rows = await db.selectFrom('invoices').select(['o_id', 'invoice_no']).where('o_id', 'in', [...o_ids]).execute();
  return new Map(rows.map((r) => [r.o_id, r.invoice_no]));
}

/**
 * Which of `huids` are recorded on a piece of another order than `o_id`, with
 * that order's number (a HUID is on one order item at most: the unique index
 * order_item_huids_huid_unique).
 */
export async function huidsRecordedElsewhere(db: DB, huids: readonly string[], o_id: number): Promise<{ huid: string; o_id: number }[]> {
  if (huids.length === 0) return [];
  return db
    .selectFrom('order_item_huids as h')
    .innerJoin('order_items as oi', 'oi.oi_id', 'h.oi_id')
    .select(['h.huid', 'oi.o_id'])
    .where('h.huid', 'in', [...huids])
    .where('oi.o_id', '<>', o_id)
    .orderBy('h.huid')
    .execute();
}

/** Releases the HUIDs of an order's pieces (it was cancelled: the pieces go back to stock and may be sold again). */
export async function releaseOrderHuids(db: DB, o_id: number): Promise<void> {
  await db
    .deleteFrom('order_item_huids')
    .where('oi_id', 'in', (eb) => eb.selectFrom('order_items').select('oi_id').where('o_id', '=', o_id))
    .execute();
}

/**
 * Replaces the HUIDs of order lines (each line's pieces 1..n in the order
 * given): every named line's rows go first, so a HUID moved from one line to
 * another in the same call never meets itself in the unique index.
 */
export async function replaceItemHuids(db: DB, lines: ReadonlyMap<number, readonly string[]>): Promise<void> {
  if (lines.size === 0) return;
  await db.deleteFrom('order_item_huids').where('oi_id', 'in', [...lines.keys()]).execute();
  const rows = [...lines].flatMap(([oi_id, huids]) => huids.map((huid, i) => ({ oi_id, piece: i + 1, huid })));
  if (rows.length > 0) await db.insertInto('order_item_huids').values(rows).execute();
}

/** The next invoice number of a financial year: its counter row, created at 1 or incremented, in the caller's transaction. */
export async function nextInvoiceSequence(db: DB, financialYear: number): Promise<number> {
  await db
    .insertInto('invoice_counters')
    .values({ financial_year: financialYear, last_number: 0 })
    .onConflict((oc) => oc.column('financial_year').doNothing())
    .execute();
  const row = await db
    .updateTable('invoice_counters')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('financial_year', '=', financialYear)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

export function findInvoice(db: DB, o_id: number) {
  return db.selectFrom('invoices').selectAll().where('o_id', '=', o_id).executeTakeFirst();
}

export async function insertInvoice(db: DB, invoice: { invoice_no: string; o_id: number; financial_year: number; sequence: number; issued_at: string; document: string }) {
  await db.insertInto('invoices').values(invoice).execute();
}
