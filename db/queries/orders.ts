/**
 * Orders, coupons and payments: the data side of checkout. The rules (pricing,
 * placement) live in api/orders/; these functions only read and write rows.
 */

import { type Compilable, type InsertObject, type QueryCreator, type RawBuilder, sql } from 'kysely';
import type { ShippingAddress } from '../../rules/address.ts';
import { basisPointsToPercentText, toMajor } from '../../rules/money.ts';
import { cancelWindowEnd, shopperMayCancel } from '../../rules/orders.ts';
import { asPaymentStatus, type PaymentStatus, refundTiming } from '../../rules/payments.ts';
import { deliveryPhone } from '../../rules/phone.ts';
import { type DB, engineOf } from '../connection.ts';
import type { Currency, Database, Order, OrderItem } from '../schema.ts';
import { panAsShown, type PanSight } from './pan.ts';
import { type BreakupView, CARAT_PRICING_COLUMNS, type CaratPricingRow, orderItemBreakupView, storedInBounds } from './carat-pricing.ts';
import { huidsOfItems, invoiceNumbersOf } from './hallmarks-invoices.ts';
import { shopPolicy } from './shop-policy.ts';
import { isoTimestamp, timestampMs, utcTimestamp } from '../time.ts';
import type { StockRow } from './stock.ts';

/* ---------------------------------------------------------------- coupons */

export interface CouponView {
  coupon_id?: number;
  coupon_name: string;
  /** Percentage as numeric text ("10", "12.5"). */
  discount: string;
  c_status?: number;
}

/** Coupons by name: active ones for the checkout, every one (with id and status) for administrators. */
export async function listCoupons(db: DB, options: { includeInactive?: boolean } = {}): Promise<CouponView[]> {
  let query = db.selectFrom('coupons').select(['coupon_id', 'coupon_name', 'discount_bp', 'c_status']);
  if (!options.includeInactive) query = query.where('c_status', '=', 1);
  const rows = await query.orderBy('coupon_name').execute();
  return rows.map((r) =>
    options.includeInactive
      ? { coupon_id: r.coupon_id, coupon_name: r.coupon_name, discount: basisPointsToPercentText(r.discount_bp), c_status: r.c_status }
      : { coupon_name: r.coupon_name, discount: basisPointsToPercentText(r.discount_bp) },
  );
}

/** An active coupon whose name, uppercased, is `code` (already uppercased). */
export function findActiveCoupon(db: DB, code: string) {
  return db
    .selectFrom('coupons')
    .select(['coupon_id', 'coupon_name', 'discount_bp'])
    .where(sql<string>`upper(coupon_name)`, '=', code)
    .where('c_status', '=', 1)
    .executeTakeFirst();
}

/** Every active coupon, oldest first (then by id): the order a discount-only checkout is matched in. */
export function listActiveCoupons(db: DB) {
  return db
    .selectFrom('coupons')
    .select(['coupon_id', 'coupon_name', 'discount_bp'])
    .where('c_status', '=', 1)
    .orderBy('created_at')
    .orderBy('coupon_id')
    .execute();
}

/* -------------------------------------------------------- sellable goods */

/** What pricing needs to know about a product: its own carats, materials, sizes and names. */
export interface Sellable {
  p_id: number;
  name: string;
  cate_id: number;
  cate_name: string;
  /** Product active and its category active. */
  active: boolean;
  /** The first picture, for the order snapshot. */
  image: string | null;
  /** By pc_id; prices in minor units. */
  carats: Map<number, { pc_id: number; carat_id: number; carat_name: string; inr_price: number; usd_price: number; pricing: CaratPricingRow }>;
  /** m_id -> material name. */
  materials: Map<number, string>;
  /** size_id -> size name. */
  sizes: Map<number, string>;
}

/**
 * Loads some products for pricing, two queries whatever their number (each a round
 * trip on PostgreSQL, inside the order's transaction): the products with their
 * carat rows and first picture, then their materials and sizes.
 */
export async function loadSellable(db: DB, ids: number[]): Promise<Map<number, Sellable>> {
  const unique = [...new Set(ids)];
  const result = new Map<number, Sellable>();
  if (unique.length === 0) return result;
  const [carats, options] = await Promise.all([
    db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.cate_id', 'p.cate_id')
      // A row stored past what money may hold is out of sale (carat-pricing.ts storedInBounds): never read as a price.
      .leftJoin('product_carats as pc', (join) => join.onRef('pc.p_id', '=', 'p.p_id').on(storedInBounds('pc')))
      .leftJoin('carats as k', 'k.carat_id', 'pc.carat_id')
      .select((eb) => [
        'p.p_id',
        'p.name',
        'p.cate_id',
        'c.cate_name',
        'p.p_status',
        'c.cate_status',
        eb
          .selectFrom('product_media as m')
          .select('m.file_name')
          .whereRef('m.p_id', '=', 'p.p_id')
          .where('m.kind', '=', 'image')
          .orderBy('m.position')
          .orderBy('m.pm_id')
          .limit(1)
          .as('image'),
        'pc.pc_id',
        'pc.carat_id',
        'k.name as carat_name',
        'pc.inr_price',
        'pc.usd_price',
        ...CARAT_PRICING_COLUMNS,
      ])
      .where('p.p_id', 'in', unique)
      .execute(),
    db
      .selectFrom('product_materials as pm')
      .innerJoin('materials as m', 'm.m_id', 'pm.m_id')
      .select(['pm.p_id', sql<'material' | 'size'>`'material'`.as('kind'), 'pm.m_id as id', 'm.name'])
      .where('pm.p_id', 'in', unique)
      .unionAll((eb) =>
        eb
          .selectFrom('product_sizes as ps')
          .innerJoin('sizes as s', 's.size_id', 'ps.size_id')
          .select(['ps.p_id', sql<'material' | 'size'>`'size'`.as('kind'), 'ps.size_id as id', 's.size_name as name'])
          .where('ps.p_id', 'in', unique),
      )
      .execute(),
  ]);
  for (const row of carats) {
    let sellable = result.get(row.p_id);
    if (!sellable) {
      sellable = {
        p_id: row.p_id,
        name: row.name,
        cate_id: row.cate_id,
        cate_name: row.cate_name,
        active: row.p_status === 1 && row.cate_status === 1,
        image: row.image ?? null,
        carats: new Map(),
        materials: new Map(),
        sizes: new Map(),
      };
      result.set(row.p_id, sellable);
    }
    // A product without carat rows comes back once, with the carat columns null.
    if (row.pc_id === null) continue;
    sellable.carats.set(row.pc_id, {
      pc_id: row.pc_id,
      carat_id: row.carat_id!,
      carat_name: row.carat_name!,
      inr_price: row.inr_price!,
      usd_price: row.usd_price!,
      pricing: row as CaratPricingRow,
    });
  }
  for (const option of options) {
    const sellable = result.get(option.p_id);
    if (option.kind === 'material') sellable?.materials.set(option.id, option.name);
    else sellable?.sizes.set(option.id, option.name);
  }
  return result;
}

/* ----------------------------------------------------------------- orders */

export interface OrderItemView {
  oi_id: number;
  p_id: number | null;
  quantity: number;
  /** Unit price, major units of the order's currency. */
  price: number;
  line_total: number;
  product: { p_id: number | null; name: string; images: { imageUrl: string; type: 'image' }[] };
  category: { cate_id: number | null; cate_name: string | null };
  carat: { carat_id: number | null; name: string | null };
  material: { m_id: number | null; name: string | null };
  size: { size_id: number | null; size_name: string | null } | null;
  /** The HUID of each piece recorded so far. */
  huid: string[];
  /** 'rate' or 'fixed' as the carat row was priced when ordered; null for orders from before. */
  pricing: 'rate' | 'fixed' | null;
  /** Net metal weight of one piece, grams. */
  net_weight_g: number | null;
  /** Made to order: the days to make it, as promised when ordered; null in stock. */
  lead_time_days: number | null;
  /** One piece's rupee price breakup when ordered (rate-priced rows). */
  breakup: BreakupView | null;
}

export interface OrderView extends ShippingAddress {
  o_id: number;
  u_id: number | null;
  /** 1 Pending, 2 Processing, 3 Shipped, 4 Delivered, 5 Cancelled. */
  status: number;
  currency: Currency;
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  coupon_name: string | null;
  /** Masked (XXXXXX234F) unless the view is for staff holding `pan.view` (db/queries/pan.ts). */
  pan: string | null;
  invoice_no: string | null;
  payment_method: string;
  /** unpaid, paid, refund_pending or refunded (rules/payments.ts). */
  payment_status: PaymentStatus;
  /** What is (being) given back, major units of the order's currency; null when nothing is. */
  refund_amount: number | null;
  /** The part of the total paid by store credit, rupees (issue 36); 0 for none. */
  store_credit: number;
  /** When the provider accepted the refund. */
  refunded_at: string | null;
  courier_name: string | null;
  tracking_number: string | null;
  /** The payment provider's order id, for online payments. */
  order_id: string | null;
  createdAt: string;
  /** Whether the shopper may still cancel it (Pending or Processing, within the shop policy's cancellation window). */
  cancellable: boolean;
  /** When the shopper's cancellation window closes (ISO 8601, UTC) while they may cancel it; null otherwise. */
  cancel_until: string | null;
  /** While the shopper may cancel an order paid online: how long its refund takes under the shop policy ("within 7-10 business days"); null otherwise. */
  refund_timing: string | null;
  orderItems: OrderItemView[];
}

/** When an order was placed, in milliseconds (what the cancel window counts from). */
export function placedAt(order: Pick<Order, 'created_at'>): number {
  return timestampMs(order.created_at);
}

function itemView(item: OrderItem, huid: string[]): OrderItemView {
  return {
    oi_id: item.oi_id,
    p_id: item.p_id,
    quantity: item.quantity,
    price: toMajor(item.price),
    line_total: toMajor(item.line_total),
    product: {
      p_id: item.p_id,
      name: item.product_name,
      images: item.product_image ? [{ imageUrl: item.product_image, type: 'image' }] : [],
    },
    category: { cate_id: item.cate_id, cate_name: item.category_name },
    carat: { carat_id: item.carat_id, name: item.carat_name },
    material: { m_id: item.m_id, name: item.material_name },
    size: item.size_id === null && item.size_name === null ? null : { size_id: item.size_id, size_name: item.size_name },
    huid,
    ...orderItemBreakupView(item),
  };
}

/** Orders per items query: well under every engine's limit on bound parameters (SQLite's is 32,766). */
const ITEM_QUERY_CHUNK = 200;

/**
 * The items of some orders (with each piece's HUID) and their invoice numbers,
 * read ITEM_QUERY_CHUNK orders per query, so any number of orders can be answered.
 */
async function itemsByOrder(db: DB, o_ids: number[]): Promise<{ itemsOf: Map<number, OrderItemView[]>; invoices: Map<number, string> }> {
  const itemsOf = new Map<number, OrderItemView[]>();
  const invoices = new Map<number, string>();
  for (let start = 0; start < o_ids.length; start += ITEM_QUERY_CHUNK) {
    const chunk = o_ids.slice(start, start + ITEM_QUERY_CHUNK);
    const items = await db.selectFrom('order_items').selectAll().where('o_id', 'in', chunk).orderBy('o_id').orderBy('oi_id').execute();
    const [huids, invoiceNumbers] = await Promise.all([
      huidsOfItems(
        db,
        items.map((i) => i.oi_id),
      ),
      invoiceNumbersOf(db, chunk),
    ]);
    for (const item of items) {
      const list = itemsOf.get(item.o_id) ?? [];
      list.push(itemView(item, huids.get(item.oi_id) ?? []));
      itemsOf.set(item.o_id, list);
    }
    for (const [o_id, invoice_no] of invoiceNumbers) invoices.set(o_id, invoice_no);
  }
  return { itemsOf, invoices };
}

/**
 * Orders with their items, HUIDs and invoice numbers, in the API's shape (any
 * number of orders). The PAN is opened and shown as `pan` says: masked, or whole.
 */
export async function orderViews(db: DB, orders: Order[], pan: PanSight, now = Date.now()): Promise<OrderView[]> {
  if (orders.length === 0) return [];
  const { itemsOf, invoices } = await itemsByOrder(
    db,
    orders.map((o) => o.o_id),
  );
  // Whether the shopper may still cancel: the shop policy's cancellation window (issue 36).
  const policy = await shopPolicy(db);
  const { cancel_window_hours } = policy;
  const closes = (o: Order) => new Date(cancelWindowEnd(placedAt(o), cancel_window_hours)).toISOString();
  const mayCancel = (o: Order) => shopperMayCancel({ status: o.status, placedAt: placedAt(o) }, now, cancel_window_hours);
  return orders.map((o) => ({
    o_id: o.o_id,
    u_id: o.u_id,
    status: o.status,
    currency: o.currency,
    subtotal: toMajor(o.subtotal),
    discount: toMajor(o.discount),
    shipping: toMajor(o.shipping),
    total: toMajor(o.total),
    coupon_name: o.coupon_name,
    first_name: o.first_name,
    last_name: o.last_name,
    email: o.email,
    phone_number: o.phone_number,
    address: o.address,
    apartment: o.apartment,
    city: o.city,
    state: o.state,
    zip_code: o.zip_code,
    country: o.country,
    pan: panAsShown(o.pan, pan),
    invoice_no: invoices.get(o.o_id) ?? null,
    payment_method: o.payment_method,
    payment_status: asPaymentStatus(o.payment_status),
    refund_amount: o.refund_amount === null ? null : toMajor(o.refund_amount),
    store_credit: toMajor(Number(o.store_credit ?? 0)),
    refunded_at: o.refunded_at === null ? null : isoTimestamp(o.refunded_at),
    courier_name: o.courier_name,
    tracking_number: o.tracking_number,
    order_id: o.provider_order_id,
    createdAt: isoTimestamp(o.created_at),
    cancellable: mayCancel(o),
    cancel_until: mayCancel(o) ? closes(o) : null,
    refund_timing: mayCancel(o) && o.payment_method === 'online' ? refundTiming(policy) : null,
    orderItems: itemsOf.get(o.o_id) ?? [],
  }));
}

/** A shopper's orders, newest first (the PAN masked: `panKey` opens it). */
export async function listOrdersOf(db: DB, u_id: number, panKey: Uint8Array): Promise<OrderView[]> {
  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where('u_id', '=', u_id)
    .orderBy('created_at', 'desc')
    .orderBy('o_id', 'desc')
    .execute();
  return orderViews(db, orders, { key: panKey, whole: false });
}

export function findOrder(db: DB, o_id: number) {
  return db.selectFrom('orders').selectAll().where('o_id', '=', o_id).executeTakeFirst();
}


/**
 * The id of an order being placed, as the writes that go with it name it: the number
 * once inserted (SQLite), or, on PostgreSQL, the row the same statement inserts
 * (insertOrder), so the order and what goes with it cost one round trip.
 */
export type OrderId = number | RawBuilder<number>;

/** An order's delivery phone in the one form the shop keeps (E.164, rules/phone.ts); as sent when it cannot be read. */
function withStoredPhone(order: InsertObject<Database, 'orders'>): InsertObject<Database, 'orders'> {
  const { phone_number: phone, country } = order;
  if (typeof phone !== 'string') return order;
  return { ...order, phone_number: deliveryPhone(phone, typeof country === 'string' ? country : null) ?? phone.trim() };
}

/** The insert of an order's items (its priced snapshot), not yet run; `o_id` may be the order being inserted in the same statement (insertOrder). */
export function orderItemsInsert(db: QueryCreator<Database>, o_id: OrderId, items: Omit<InsertObject<Database, 'order_items'>, 'o_id'>[]) {
  return db.insertInto('order_items').values(items.map((item) => ({ o_id, ...item })));
}

/** Which of these products are listed (active) now: a product deleted or withdrawn since it was priced cannot be sold. */
export async function listedProductIds(db: DB, p_ids: readonly number[]): Promise<Set<number>> {
  const rows = await db.selectFrom('products').select('p_id').where('p_id', 'in', [...p_ids]).where('p_status', '=', 1).execute();
  return new Set(rows.map((r) => r.p_id));
}

/** A write that goes with a new order, built (not run) for the order's id. */
export type OrderWrite = (db: QueryCreator<Database>, o_id: OrderId) => { execute(): Promise<unknown> } & Compilable;

/** The stock an order takes, built (not run) for insertOrder's statement: its rows answered as left (db/queries/stock.ts). */
export type StockWrite = (db: QueryCreator<Database>) => { execute(): Promise<StockRow[]> } & Compilable;

/**
 * Inserts an order and the writes that go with it (its items, its first status, …), and the
 * stock it takes, inside the caller's transaction; answers its id and the stock rows taken
 * (the caller refuses the order, rolling it all back, when a row was left out: refuseShort).
 * SQLite: one statement after another (in process, they cost nothing to send). PostgreSQL:
 * one statement, the order inserted by a data-modifying WITH and every other write a WITH
 * naming it, so placing an order does not wait once per row on the server (the writes see
 * one snapshot: none may read another's rows; foreign keys are checked at the statement's
 * end, when the order exists).
 */
export async function insertOrder(trx: DB, row: InsertObject<Database, 'orders'>, writes: OrderWrite[], takeStock?: StockWrite): Promise<{ o_id: number; taken: StockRow[] }> {
  const order = withStoredPhone(row);
  if (engineOf(trx) !== 'postgres') {
    const taken = takeStock ? await takeStock(trx).execute() : [];
    const { o_id } = await trx.insertInto('orders').values(order).returning('o_id').executeTakeFirstOrThrow();
    for (const write of writes) await write(trx, o_id).execute();
    return { o_id, taken };
  }
  const placed = sql<number>`(select o_id from placed_order)`;
  type Written = Database & { placed_order: { o_id: number }; stock_taken: StockRow };
  // The stock first, as on SQLite (the statement locks its tables in this order).
  let query = (takeStock ? trx.with('stock_taken', (db) => takeStock(db as unknown as QueryCreator<Database>) as never) : trx) as unknown as QueryCreator<Written>;
  query = query.with('placed_order', (db) => db.insertInto('orders').values(order).returning('o_id')) as unknown as typeof query;
  for (const [i, write] of writes.entries()) {
    query = query.with(`order_write_${i}`, (db) => write(db as unknown as QueryCreator<Database>, placed) as never) as unknown as typeof query;
  }
  if (!takeStock) {
    const row = await query.selectFrom('placed_order').select('o_id').executeTakeFirstOrThrow();
    return { o_id: row.o_id, taken: [] };
  }
  // One row per row taken, or one with no row taken.
  const rows = await query
    .selectFrom('placed_order')
    .leftJoin('stock_taken', (join) => join.onTrue())
    .select(['placed_order.o_id', 'stock_taken.pc_id', 'stock_taken.p_id', 'stock_taken.stock'])
    .execute();
  const taken = rows.flatMap((r) => (r.pc_id === null ? [] : [{ pc_id: r.pc_id, p_id: r.p_id!, stock: r.stock }]));
  return { o_id: rows[0].o_id, taken };
}

export function findOrderByIdempotencyKey(db: DB, u_id: number, key: string) {
  return db
    .selectFrom('orders')
    .select(['o_id', 'request_hash'])
    .where('u_id', '=', u_id)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export function findOrderByProviderOrderId(db: DB, providerOrderId: string) {
  return db.selectFrom('orders').select(['o_id', 'u_id']).where('provider_order_id', '=', providerOrderId).executeTakeFirst();
}
