/**
 * Stock of carat rows (issue 16): a row holds a number of pieces, or null when it
 * is made to order. Placing an order takes its pieces in the order's own
 * transaction with a conditional update, so stock never goes below 0 whatever
 * the engine or the number of buyers; cancelling gives them back.
 */

import { conflictError } from '../../rules/errors.ts';
import type { ExpressionBuilder, QueryCreator } from 'kysely';
import type { DB } from '../connection.ts';
import type { Database } from '../schema.ts';

export interface StockLine {
  pc_id: number;
  quantity: number;
  product_name: string;
  carat_name: string;
}

function totalsByRow(lines: StockLine[]) {
  const totals = new Map<number, { quantity: number; line: StockLine }>();
  for (const line of lines) {
    const held = totals.get(line.pc_id);
    if (held) held.quantity += line.quantity;
    else totals.set(line.pc_id, { quantity: line.quantity, line });
  }
  return totals;
}

/**
 * The refusal a shopper sees when there are fewer pieces than asked. `held`: pieces of the row
 * are set aside for another shopper's payment in progress (db/queries/stock-holds.ts), which
 * may yet fail and give them back. (What became of a payment already made is said by the
 * payment's settlement, not here: rules/payments.ts unplacedPaymentMessage.)
 */
export function soldOutMessage(line: Pick<StockLine, 'product_name' | 'carat_name'>, left: number, held = 0): string {
  if (held > 0 && left <= 0) {
    return `Sorry, "${line.product_name}" (${line.carat_name}) is being bought by another shopper right now. If their payment does not go through it will be back in a few minutes.`;
  }
  return left <= 0
    ? `Sorry, "${line.product_name}" (${line.carat_name}) is sold out. Please remove it from your cart.`
    : `Sorry, only ${left} of "${line.product_name}" (${line.carat_name}) left. Please lower the quantity.`;
}

/** Pieces of each row set aside for payments in progress (stock_holds), by pc_id. */
export async function heldPieces(db: DB, pcIds: number[]): Promise<Map<number, number>> {
  if (pcIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('stock_holds')
    .select(['pc_id', (eb) => eb.fn.sum<number>('quantity').as('held')])
    .where('pc_id', 'in', pcIds)
    .groupBy('pc_id')
    .execute();
  return new Map(rows.map((r) => [r.pc_id, Number(r.held)]));
}

/** A line as order placement prices it: with its row's stock as read in the same transaction (null: made to order). */
export interface PricedStockLine extends StockLine {
  caratPricing: { stock: number | null };
}

/** A carat row's stock as a change left it (null: made to order). */
export interface StockRow {
  pc_id: number;
  p_id: number;
  stock: number | null;
}

/** The pieces an order takes: from each row priced as limited (rows made to order are not written), in pc_id order. */
export interface StockTake {
  limited: number[];
  totals: Map<number, { quantity: number; line: StockLine }>;
}

/** What an order's lines take from stock; null when every row is made to order. */
export function stockTake(lines: PricedStockLine[]): StockTake | null {
  const totals = totalsByRow(lines);
  const madeToOrder = new Set(lines.filter((l) => l.caratPricing.stock === null).map((l) => l.pc_id));
  const limited = [...totals.keys()].filter((pc_id) => !madeToOrder.has(pc_id)).sort((a, b) => a - b);
  return limited.length ? { limited, totals } : null;
}

/**
 * The conditional update taking an order's pieces: every limited row that still holds
 * enough, each answered as it is left. Built, not run, so order placement can send it in
 * the order's own statement (insertOrder); refuseShort then checks every row was taken.
 * (On PostgreSQL the update locks its rows in the order of its index scan, the same for
 * any two orders; a deadlock all the same is retried by writeTransaction.)
 */
export function takeStockQuery(db: QueryCreator<Database>, take: StockTake) {
  const { limited, totals } = take;
  return db
    .updateTable('product_carats')
    .set((eb) => ({ stock: eb('stock', '-', quantityOf(eb, limited, totals)) }))
    .where('pc_id', 'in', limited)
    .where((eb) => eb('stock', '>=', quantityOf(eb, limited, totals)))
    .returning(['pc_id', 'p_id', 'stock']);
}

/**
 * Refuses (409) an order whose take left a row out for want of pieces, inside the order's
 * transaction, so nothing it wrote stays. Answers every limited row as the order leaves it
 * (a row made to order since its pricing has nothing to take, and is not refused).
 */
export async function refuseShort(trx: DB, take: StockTake, taken: StockRow[]): Promise<StockRow[]> {
  if (taken.length === take.limited.length) return taken;
  const short = take.limited.filter((pc_id) => !taken.some((t) => t.pc_id === pc_id));
  // The refusal names the pieces left now: under PostgreSQL's read committed (order placement)
  // another order may have taken some since the pricing read. A row made to order since then has none to take.
  const now = await trx.selectFrom('product_carats').select(['pc_id', 'p_id', 'stock']).where('pc_id', 'in', short).orderBy('pc_id').execute();
  for (const pc_id of short) {
    const row = now.find((r) => r.pc_id === pc_id);
    if (row && row.stock === null) continue;
    const held = await heldPieces(trx, [pc_id]);
    throw conflictError(soldOutMessage(take.totals.get(pc_id)!.line, row?.stock ?? 0, held.get(pc_id) ?? 0));
  }
  return [...taken, ...now];
}

/** The pieces an order takes from each row, as one expression of the row's pc_id. */
function quantityOf(eb: ExpressionBuilder<Database, 'product_carats'>, pcIds: number[], totals: Map<number, { quantity: number }>) {
  const [first, ...rest] = pcIds;
  let expression = eb.case('pc_id').when(first).then(totals.get(first)!.quantity);
  for (const pc_id of rest) expression = expression.when(pc_id).then(totals.get(pc_id)!.quantity);
  return expression.end();
}

/** Gives back the pieces of an order's items to rows that still exist and keep stock; answers the rows given back to. */
export async function returnStock(trx: DB, o_id: number): Promise<number[]> {
  const items = await trx.selectFrom('order_items').select(['pc_id', 'quantity']).where('o_id', '=', o_id).where('pc_id', 'is not', null).execute();
  const returned: number[] = [];
  for (const item of items) {
    const result = await trx
      .updateTable('product_carats')
      .set((eb) => ({ stock: eb('stock', '+', item.quantity) }))
      .where('pc_id', '=', item.pc_id!)
      .where('stock', 'is not', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) returned.push(item.pc_id!);
  }
  return returned;
}

/** Rows with few pieces left (0 included), fewest first, for the dashboard. */
export function lowStock(db: DB, atMost = 2, limit = 20) {
  return db
    .selectFrom('product_carats as pc')
    .innerJoin('products as p', 'p.p_id', 'pc.p_id')
    .innerJoin('carats as k', 'k.carat_id', 'pc.carat_id')
    .select(['pc.pc_id', 'pc.p_id', 'p.name', 'k.name as carat', 'pc.stock'])
    .where('pc.stock', 'is not', null)
    .where('pc.stock', '<=', atMost)
    .orderBy('pc.stock')
    .orderBy('p.name')
    .limit(limit)
    .execute();
}
