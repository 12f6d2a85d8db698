/**
 * The shopper's cart and wishlist. Selections arriving here were already checked
 * by api/orders/pricing.ts (resolveSelection); these functions store and read them.
 */

import { type ExpressionBuilder, type QueryCreator, type Selectable, sql } from 'kysely';
import { type DB, engineOf } from '../connection.ts';
import type { CartItemTable, Database } from '../schema.ts';
import { getProducts, type ProductView, shopperViews } from './catalogue.ts';
import { catalogueRowsVersion } from './catalogue-rows-version.ts';
import { utcTimestamp } from '../time.ts';
import { conflictError } from '../../rules/errors.ts';

/** The ids of a checked selection, as a cart or wishlist line stores them. */
export type StoredSelection = Pick<Selectable<CartItemTable>, 'p_id' | 'pc_id' | 'carat_id' | 'cate_id' | 'm_id' | 'size_id'>;

/** What a line shows besides its ids: names and both prices of the chosen carat. */
export interface LineDetails {
  /**
   * False when the product or its category was deactivated since it was added, its carat entry is out of sale,
   * or the product no longer offers the material or size chosen (an administrator changed them).
   */
  available: boolean;
  carat_name: string | null;
  material_name: string | null;
  size_name: string | null;
  /** Rupees and dollars of the chosen carat entry. */
  inr_price: number | null;
  usd_price: number | null;
  product: ProductView | null;
}

export interface CartItemView extends StoredSelection, LineDetails {
  c_id: number;
  u_id: number;
  quantity: number;
}

export interface WishlistItemView extends StoredSelection, LineDetails {
  w_id: number;
  u_id: number;
}

type LineTable = 'cart_items' | 'wishlist_items';

/** The same selection: same product, carat entry, material and size (a null size matches null). */
function sameSelection<T extends LineTable>(selection: StoredSelection) {
  return (eb: ExpressionBuilder<Database, T>) => {
    const e = eb as unknown as ExpressionBuilder<Database, 'cart_items'>;
    return e.and([
      e('p_id', '=', selection.p_id),
      e('pc_id', '=', selection.pc_id),
      e('m_id', '=', selection.m_id),
      selection.size_id === null ? e('size_id', 'is', null) : e('size_id', '=', selection.size_id),
    ]);
  };
}

/**
 * Names and prices of each line's choice, taken from its product as the catalogue answers it:
 * the views shoppers are shown (shopperViews: kept between calls, with the catalogue's freshness),
 * and for a product withdrawn since it was added (not available) its view read as it is now.
 */
async function withDetails<L extends StoredSelection>(db: DB, lines: L[]): Promise<(L & LineDetails)[]> {
  const ids = [...new Set(lines.map((l) => l.p_id))];
  if (ids.length === 0) return [];
  const visible = await shopperViews(db, ids);
  const available = new Set(visible.map((p) => p.p_id));
  const withdrawn = ids.filter((id) => !available.has(id));
  const all = withdrawn.length ? [...visible, ...(await getProducts(db, withdrawn, { includeInactive: true }))] : visible;
  const products = new Map(all.map((p) => [p.p_id, p]));
  return lines.map((line) => {
    const product = products.get(line.p_id) ?? null;
    const carat = product?.productcarats.find((pc) => pc.pc_id === line.pc_id);
    const material = product?.materialDetails.find((m) => m.m_id === line.m_id);
    const size = line.size_id === null ? undefined : product?.sizeDetails.find((s) => s.size_id === line.size_id);
    // The choice as the checkout checks it (api/orders/pricing.ts resolveSelection): no size only where none is offered.
    const sizeOffered = line.size_id === null ? (product?.sizeDetails.length ?? 0) === 0 : size !== undefined;
    return {
      ...line,
      // A carat entry the catalogue no longer shows (out of sale for its price: carat-pricing.ts storedInBounds) cannot be ordered either.
      available: available.has(line.p_id) && carat !== undefined && material !== undefined && sizeOffered,
      carat_name: carat?.carat.name ?? null,
      material_name: material?.name ?? null,
      size_name: size?.size_name ?? null,
      inr_price: carat?.inr_price ?? null,
      usd_price: carat?.usd_price ?? null,
      product,
    };
  });
}

/* ------------------------------------------------------------------- cart */

export type AddToCartResult = { c_id: number; quantity: number; created: boolean } | { tooMany: true };

/**
 * The unique index of one cart or wishlist line per selection (migration 2026_11_24_0003,
 * cart_items_selection_unique and wishlist_items_selection_unique): no size counts as one
 * value, so an upsert names the same expressions to find the line.
 */
const ONE_LINE_PER_SELECTION = sql`u_id, p_id, pc_id, m_id, coalesce(size_id, 0)`;

/**
 * Adds a selection to a cart; the same selection again raises that line's quantity,
 * unless that would pass `maxQuantity`. One statement (INSERT … ON CONFLICT DO UPDATE
 * on the index of one line per selection), atomic on both engines: two quick clicks make
 * one line holding both, and an addition waiting for an order that holds the line's lock
 * (cartLines) raises it if the order failed or, the order having removed it, makes a new
 * line (PostgreSQL waits for that transaction before deciding between insert and update).
 * A line holds at least one piece (every write takes a Quantity of 1 or more), so a raised
 * line holds more than the quantity added: that tells a new line from a raised one alike on
 * both engines (and on PostgreSQL-compatible ones without xmax).
 */
export async function addToCart(db: DB, u_id: number, selection: StoredSelection, quantity: number, maxQuantity: number): Promise<AddToCartResult> {
  const row = await db
    .insertInto('cart_items')
    .values({ u_id, ...selection, quantity })
    .onConflict((oc) =>
      oc
        .expression(ONE_LINE_PER_SELECTION)
        .doUpdateSet((eb) => ({ quantity: eb('cart_items.quantity', '+', eb.ref('excluded.quantity')), updated_at: utcTimestamp() }))
        .where((eb) => eb(eb('cart_items.quantity', '+', eb.ref('excluded.quantity')), '<=', maxQuantity)),
    )
    .returning(['c_id', 'quantity'])
    .executeTakeFirst();
  // No row: the line was there and the sum refused.
  if (!row) return { tooMany: true };
  return { c_id: row.c_id, quantity: row.quantity, created: row.quantity === quantity };
}

/** A shopper's cart, oldest line first, each line with its product. */
export async function listCart(db: DB, u_id: number): Promise<CartItemView[]> {
  // The catalogue's version, which the kept views are checked against (withDetails), read beside the lines
  // (shopperViews joins this read): on PostgreSQL the cart is then two round trips deep, its views kept.
  const [lines] = await Promise.all([
    db
      .selectFrom('cart_items')
      .select(['c_id', 'u_id', 'p_id', 'pc_id', 'carat_id', 'cate_id', 'm_id', 'size_id', 'quantity'])
      .where('u_id', '=', u_id)
      .orderBy('c_id')
      .execute(),
    catalogueRowsVersion(db),
  ]);
  return withDetails(db, lines);
}

/** A cart line as an order reads it, with (cartLines' `orderOfKey`) the shopper's order already placed under a key. */
export interface OrderedCartLine extends StoredSelection {
  c_id: number;
  u_id: number;
  quantity: number;
  /** The order placed under `orderOfKey`, null when none (every line says the same); undefined when not asked. */
  key_o_id?: number | null;
  key_request_hash?: string | null;
}

/**
 * Some of a shopper's cart lines (all when `c_ids` is undefined). `lock`: inside a
 * PostgreSQL transaction, the lines read are locked until it ends (SELECT … FOR UPDATE).
 * `orderOfKey`: each line also says which of the shopper's orders was placed under this
 * Idempotency-Key, if any, so placing an order learns both in one round trip. Read with
 * the statement's snapshot: an order committed while the statement waited for a line's
 * lock is not seen (its lines, removed by it, are not answered either).
 */
export function cartLines(db: DB, u_id: number, c_ids?: number[], options: { lock?: boolean; orderOfKey?: string } = {}): Promise<OrderedCartLine[]> {
  let query = db
    .selectFrom('cart_items')
    .select(['c_id', 'u_id', 'p_id', 'pc_id', 'carat_id', 'cate_id', 'm_id', 'size_id', 'quantity'])
    .where('u_id', '=', u_id);
  const key = options.orderOfKey;
  if (key !== undefined) {
    const byKey = (eb: ExpressionBuilder<Database, 'cart_items'>) =>
      eb.selectFrom('orders').where('orders.u_id', '=', u_id).where('orders.idempotency_key', '=', key);
    query = query.select((eb) => [byKey(eb).select('orders.o_id').as('key_o_id'), byKey(eb).select('orders.request_hash').as('key_request_hash')]) as unknown as typeof query;
  }
  if (c_ids) {
    if (c_ids.length === 0) return Promise.resolve([]);
    query = query.where('c_id', 'in', c_ids);
  }
  query = query.orderBy('c_id');
  // In key order, so two transactions locking lines of one cart never deadlock (SQLite's write lock already covers them).
  if (options.lock && engineOf(db) === 'postgres') query = query.forUpdate();
  return query.execute();
}

/** Sets a line's quantity; answers false when the line is not this user's. */
export async function setCartQuantity(db: DB, u_id: number, c_id: number, quantity: number): Promise<boolean> {
  const result = await db
    .updateTable('cart_items')
    .set({ quantity, updated_at: utcTimestamp() })
    .where('c_id', '=', c_id)
    .where('u_id', '=', u_id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Removes a line; answers false when the line is not this user's. */
export async function removeCartLine(db: DB, u_id: number, c_id: number): Promise<boolean> {
  const result = await db.deleteFrom('cart_items').where('c_id', '=', c_id).where('u_id', '=', u_id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The delete of a shopper's cart lines an order takes whole, not yet run (a write of the order's statement: insertOrder). */
export function cartLinesDelete(db: QueryCreator<Database>, u_id: number, c_ids: number[]) {
  return db.deleteFrom('cart_items').where('u_id', '=', u_id).where('c_id', 'in', c_ids);
}

/**
 * Takes the ordered quantities off the shopper's cart lines they came from (a line raised since
 * keeps the rest; `c_id` null: a line not from the cart). False when the order came from the
 * cart and none of its lines is there any more.
 */
export async function takeOrderedFromCart(trx: DB, u_id: number, lines: readonly { c_id: number | null; quantity: number }[]): Promise<boolean> {
  const fromCart = lines.flatMap((l) => (l.c_id === null ? [] : [l.c_id]));
  if (fromCart.length === 0) return true;
  const present = await trx.selectFrom('cart_items').select('c_id').where('u_id', '=', u_id).where('c_id', 'in', fromCart).execute();
  if (present.length === 0) return false;
  for (const line of lines) {
    if (line.c_id === null) continue;
    await trx.deleteFrom('cart_items').where('u_id', '=', u_id).where('c_id', '=', line.c_id).where('quantity', '<=', line.quantity).execute();
    await trx
      .updateTable('cart_items')
      .set((eb) => ({ quantity: eb('quantity', '-', line.quantity) }))
      .where('u_id', '=', u_id)
      .where('c_id', '=', line.c_id)
      .execute();
  }
  return true;
}

/* --------------------------------------------------------------- wishlist */

/**
 * Adds a selection to a wishlist once; the same selection again answers the existing line.
 * No transaction of its own: the insert does nothing on the index of one line per selection
 * (`ONE_LINE_PER_SELECTION`), and when it did nothing the line there is read.
 * A line removed between the two (the shopper's own remove, at that instant) is added again.
 */
export async function addToWishlist(db: DB, u_id: number, selection: StoredSelection): Promise<{ w_id: number; created: boolean }> {
  for (let attempt = 1; ; attempt++) {
    const made = await db
      .insertInto('wishlist_items')
      .values({ u_id, ...selection })
      .onConflict((oc) => oc.expression(ONE_LINE_PER_SELECTION).doNothing())
      .returning('w_id')
      .executeTakeFirst();
    if (made) return { w_id: made.w_id, created: true };
    const existing = await db.selectFrom('wishlist_items').select('w_id').where('u_id', '=', u_id).where(sameSelection(selection)).executeTakeFirst();
    if (existing) return { w_id: existing.w_id, created: false };
    if (attempt === 3) throw conflictError('The wishlist changed while this was added. Please try again.');
  }
}

/** A shopper's wishlist, oldest first, each line with its product. */
export async function listWishlist(db: DB, u_id: number): Promise<WishlistItemView[]> {
  const lines = await db
    .selectFrom('wishlist_items')
    .select(['w_id', 'u_id', 'p_id', 'pc_id', 'carat_id', 'cate_id', 'm_id', 'size_id'])
    .where('u_id', '=', u_id)
    .orderBy('w_id')
    .execute();
  return withDetails(db, lines);
}

/** Removes a wishlist line; answers false when it is not this user's. */
export async function removeWishlistLine(db: DB, u_id: number, w_id: number): Promise<boolean> {
  const result = await db.deleteFrom('wishlist_items').where('w_id', '=', w_id).where('u_id', '=', u_id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
