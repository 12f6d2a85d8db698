/**
 * The sales report's summaries never disagree with the orders (issue 37): the
 * per-day tables of migration 2026_12_04_0001_sales_summaries, kept by triggers in
 * the transaction of every change, are added up again here from the orders and
 * their lines (the GST by rules/tax.ts splitInclusive, each order on its own) and
 * compared row by row after the seed, placements through the API (concurrent
 * ones too), cancellations by the shopper and the shop, a paid order's refund,
 * the lifecycle, a product deleted (its lines keep no product) and edits no screen
 * makes (an order's time, customer or status set back, an order deleted); and
 * thousands of same-day orders and lines written by single statements (PostgreSQL's
 * statement triggers, migration 2026_12_05_0001, sum a statement's rows by key).
 * Both engines: tests/helpers/with-pg.sh npx vitest run tests/api/sales-summaries.test.ts
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrders } from '../../db/seed/orders.ts';
import { addDays, indiaDayOf, orderGst, periodOf } from '../../rules/reports.ts';
import { createOrder } from '../helpers/admin.ts';
import { createProduct } from '../helpers/catalogue.ts';
import { contractCaller } from '../helpers/contract.ts';
import { addressOf, advanceOrder } from '../helpers/orders.ts';
import { createTestStore, createUser, type TestStore } from '../helpers/store.ts';

let store: TestStore;
beforeAll(async () => (store = await createTestStore({ PUBLIC_URL: 'http://shop.test' })));
afterAll(() => store.close());
const api = contractCaller(() => store);

type Row = Record<string, string | number>;
const dayOf = (at: string) => indiaDayOf(new Date(`${at.replace(' ', 'T').replace(/Z?$/, 'Z')}`));

/** Adds `sums` into the row of `key` (numbers added, the key's fields kept). */
function add(map: Map<string, Row>, key: Row, sums: Record<string, number>) {
  const id = JSON.stringify(key);
  const row = map.get(id) ?? { ...key, ...Object.fromEntries(Object.keys(sums).map((k) => [k, 0])) };
  for (const [k, v] of Object.entries(sums)) row[k] = Number(row[k]) + v;
  map.set(id, row);
}

/** Rows as comparable lists: numbers as numbers, rows whose sums are all 0 left out, in key order. */
function rowsOf(list: Iterable<Row>, keys: string[]): Row[] {
  return [...list]
    .map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, keys.includes(k) ? String(v) : Number(v)])))
    .filter((r) => Object.entries(r).some(([k, v]) => !keys.includes(k) && v !== 0))
    .sort((a, b) => JSON.stringify(keys.map((k) => a[k])).localeCompare(JSON.stringify(keys.map((k) => b[k]))));
}

/** Every summary table as the orders and lines make it now, and as the database keeps it. */
async function expectSummariesMatchOrders(db = store.db) {
  const orders = await db.selectFrom('orders').selectAll().execute();
  const items = await db.selectFrom('order_items').selectAll().execute();
  const byId = new Map(orders.map((o) => [o.o_id, o]));
  const inr = (o: (typeof orders)[number], amount: number) =>
    o.currency === 'USD' ? (o.usd_inr === null ? 0 : Math.floor((Number(amount) * Number(o.usd_inr) * 2 + 100) / 200)) : Number(amount);
  const live = (o: (typeof orders)[number]) => o.status !== 5;

  const dayOrders = new Map<string, Row>();
  const carats = new Map<string, Row>();
  const pieces = new Map<string, Row>();
  const customers = new Map<string, Row>();
  const firsts = new Map<string, Row>();
  for (const o of orders) {
    const t = inr(o, o.total);
    const refunded = (o.payment_status === 'refund_pending' || o.payment_status === 'refunded') && o.refund_amount !== null;
    add(dayOrders, { day: dayOf(o.created_at), cancelled: live(o) ? 0 : 1, payment_method: o.payment_method, country: o.country, state: o.state ?? '' }, {
      orders: 1, revenue: t, gst_intra: orderGst(t, 'intra_state'), gst_inter: orderGst(t, 'inter_state'),
      discounts: inr(o, o.discount), shipping: inr(o, o.shipping), refund_orders: refunded ? 1 : 0, refund_value: refunded ? inr(o, Number(o.refund_amount)) : 0,
    });
    if (live(o) && o.u_id !== null) {
      const day = dayOf(o.created_at);
      add(customers, { day, u_id: o.u_id, week: periodOf(day, 'week'), month: periodOf(day, 'month') }, { orders: 1 });
      const first = firsts.get(String(o.u_id));
      if (!first || day < String(first.day)) firsts.set(String(o.u_id), { u_id: o.u_id, day });
    }
  }
  for (const i of items) {
    const o = byId.get(i.o_id)!;
    if (!live(o)) continue;
    const day = dayOf(o.created_at);
    const each = (v: number | null) => i.quantity * Number(v ?? 0);
    add(carats, { day, carat: i.carat_name ?? 'Other' }, { pieces: i.quantity, mg: each(i.net_weight_mg), metal: each(i.metal_inr), making: each(i.making_inr), stones: each(i.stones_inr) });
    add(pieces, { day, p_id: i.p_id ?? 0, category: i.category_name ?? 'Other' }, { pieces: i.quantity, revenue: inr(o, i.line_total) });
  }

  const kept = async (table: 'sales_day_orders' | 'sales_day_carats' | 'sales_day_pieces' | 'sales_day_customers' | 'sales_first_orders') => (await db.selectFrom(table).selectAll().execute()) as Row[];
  const compare = async (table: Parameters<typeof kept>[0], expected: Map<string, Row>, keys: string[]) => {
    expect(rowsOf(await kept(table), keys), table).toEqual(rowsOf(expected.values(), keys));
  };
  await compare('sales_day_orders', dayOrders, ['day', 'cancelled', 'payment_method', 'country', 'state']);
  await compare('sales_day_carats', carats, ['day', 'carat']);
  await compare('sales_day_pieces', pieces, ['day', 'p_id', 'category']);
  await compare('sales_day_customers', customers, ['day', 'u_id', 'week', 'month']);
  // A customer's day left with no order is gone (the report counts rows).
  expect(await db.selectFrom('sales_day_customers').select('day').where('orders', '<=', 0).execute()).toEqual([]);
  const firstDays = (rows: Iterable<Row>) => [...rows].map((f) => `${f.u_id} ${f.day}`).sort();
  expect(firstDays(await kept('sales_first_orders')), 'sales_first_orders').toEqual(firstDays(firsts.values()));
  return { orders: orders.length, items: items.length };
}

describe('the sales summaries equal the orders', () => {
  it('after the seed, placements (concurrent ones too), cancellations, a refund, the lifecycle, a deleted product and edits', async () => {
    const owner = await createUser(store, { u_type: '0' });
    // The seed: two years of orders over a small catalogue (dollar orders, coupons, cancellations, refunds).
    const k22 = (await store.db.insertInto('carats').values({ name: '22K' }).returning('carat_id').executeTakeFirstOrThrow()).carat_id;
    for (const price of [7_500_000, 12_345_600]) {
      const p = await createProduct(store, { carats: [{ carat_id: k22, inr_price: price, usd_price: Math.round(price / 86) }] });
      await store.db.updateTable('product_carats').set({ net_weight_mg: 9_500, stock: 100 }).where('p_id', '=', p.p_id).execute();
    }
    await seedOrders(store.db, 300, { seller: store.config.seller });
    expect(await expectSummariesMatchOrders()).toMatchObject({ orders: 300 });

    // Placements through the API: ten shoppers at once, and one shopper three times at once.
    const product = await createProduct(store, { carats: [{ inr_price: 5_150_000, usd_price: 60_000 }] });
    const buyNow = [{ ...product.selection, quantity: 1 }];
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => createUser(store)));
    const place = (shopper: (typeof shoppers)[number]) => api('POST', '/createorder', {
      ...addressOf(shopper), cartItems: buyNow, payment_method: 'cod', priceType: 'inr_price', subtotal: 51_500, shipping: 0, discount: 0, total: 51_500,
    }, shopper.auth);
    const placed = await Promise.all([...shoppers.map(place), place(shoppers[0]), place(shoppers[0])]);
    expect(placed.map((r) => r.status)).toEqual(placed.map(() => 201));
    const ids = placed.map((r) => r.body.data.o_id as number);
    await expectSummariesMatchOrders();

    // The shopper cancels one (shoppers[0]'s first: still a customer by the other two), the shop another
    // (shoppers[1]'s only order: no longer a customer), one goes through the lifecycle to delivered.
    expect((await api('PUT', '/cancelorder', { o_id: ids[0] }, shoppers[0].auth)).status).toBe(200);
    expect((await api('PUT', '/updateorderstatus', { o_id: ids[1], status: 5 }, owner.auth)).status).toBe(200);
    await advanceOrder(store, owner, ids[2], 4);
    // A paid online order cancelled: refund pending, then refunded.
    const paid = await createOrder(store, { u_id: shoppers[3].u_id, status: 1, created_at: new Date().toISOString().slice(0, 19).replace('T', ' '), fields: { payment_method: 'online', payment_status: 'paid' } });
    expect((await api('PUT', '/cancelorder', { o_id: paid.o_id }, shoppers[3].auth)).status).toBe(200);
    await store.db.updateTable('orders').set({ payment_status: 'refunded', refunded_at: '2026-11-28 10:00:00' }).where('o_id', '=', paid.o_id).execute();
    expect(await store.db.selectFrom('orders').select(['status', 'payment_status']).where('o_id', '=', paid.o_id).executeTakeFirstOrThrow()).toEqual({ status: 5, payment_status: 'refunded' });
    await expectSummariesMatchOrders();

    // A product deleted: its lines keep no product (p_id set null by the foreign key).
    await store.db.deleteFrom('products').where('p_id', '=', product.p_id).execute();
    expect(await store.db.selectFrom('order_items').select('p_id').where('o_id', '=', ids[3]).executeTakeFirstOrThrow()).toEqual({ p_id: null });
    await expectSummariesMatchOrders();

    // Edits no screen makes: an order moved to another day and customer, a cancelled one set back,
    // a line's quantity, a dollar order's rate, an order deleted with its lines.
    await store.db.updateTable('orders').set({ created_at: `${addDays(indiaDayOf(new Date()), -40)} 20:00:00`, u_id: shoppers[5].u_id }).where('o_id', '=', ids[4]).execute();
    await store.db.updateTable('orders').set({ status: 1 }).where('o_id', '=', ids[1]).execute();
    await store.db.updateTable('order_items').set({ quantity: 3, line_total: 3 * 5_150_000 }).where('o_id', '=', ids[6]).execute();
    await store.db.updateTable('orders').set({ usd_inr: 8_000 }).where('currency', '=', 'USD').where('status', '<>', 5).execute();
    await store.db.deleteFrom('orders').where('o_id', '=', ids[7]).execute();
    await expectSummariesMatchOrders();

    // And the comparison sees a summary one piece off.
    await store.db.updateTable('sales_day_carats').set((eb) => ({ pieces: eb('pieces', '+', 1) })).where('day', '=', indiaDayOf(new Date())).execute();
    await expect(expectSummariesMatchOrders()).rejects.toThrow(/sales_day_carats/);
  });
});

describe('many orders and lines in one statement', () => {
  let bulk: TestStore;
  beforeAll(async () => (bulk = await createTestStore()));
  afterAll(() => bulk.close());

  it('orders and their lines inserted, changed and deleted thousands at a time, most on one day', async () => {
    const buyers = await Promise.all(Array.from({ length: 3 }, () => createUser(bulk)));
    const ORDERS = 3_000;
    // Three customers and guests; one order in ten cancelled, one in seven in dollars; a third
    // at 20:00 UTC (the next day in India); two lines each, of two carats and none.
    const orders = sql`
      insert into orders (u_id, status, currency, usd_inr, subtotal, total, discount, shipping, first_name, last_name, email, phone_number, address, city, state, zip_code, payment_method, payment_status, created_at)
      select case i % 4 when 0 then null when 1 then ${sql.lit(buyers[0].u_id)} when 2 then ${sql.lit(buyers[1].u_id)} else ${sql.lit(buyers[2].u_id)} end,
        case when i % 10 = 0 then 5 else 1 end, case when i % 7 = 0 then 'USD' else 'INR' end, case when i % 7 = 0 then 8350 end,
        1000 * i, 1000 * i + 333, i % 3, 50 * (i % 2), 'Bulk', 'Buyer ' || cast(i as text), 'bulk@example.com', '8' || cast(100000000 + i as text),
        '1 Bulk Lane', 'Pune', case when i % 5 = 0 then 'Karnataka' else 'Maharashtra' end, '411001',
        case when i % 2 = 0 then 'cod' else 'online' end, 'unpaid', case when i % 3 = 0 then '2026-03-14 20:00:00' else '2026-03-14 05:00:00' end
      from n`;
    const counter = sql`n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(ORDERS)})`;
    const lines = (from: string, where = 'true') => sql`
      insert into order_items (o_id, product_name, quantity, price, line_total, carat_name, net_weight_mg, metal_inr, making_inr, stones_inr)
      select o.o_id, 'Bulk Ring', k.k, o.total / 2, o.total / 2, case when o.o_id % 3 = 0 then null when k.k = 1 then '22K' else '18K' end, 2500 * k.k, 40000, 9000 * k.k, 0
      from ${sql.raw(from)} cross join (select 1 as k union all select 2) k where ${sql.raw(where)}`;
    if (bulk.config.database.engine === 'postgres') {
      // As a placement: the orders and their lines in one statement (its lines must count once).
      await sql`with recursive ${counter}, o as (${orders} returning o_id, total) ${lines('o')}`.execute(bulk.db);
    } else {
      await sql`with recursive ${counter} ${orders}`.execute(bulk.db);
      await lines('orders o', "o.first_name = 'Bulk'").execute(bulk.db);
    }
    expect(await expectSummariesMatchOrders(bulk.db)).toEqual({ orders: ORDERS, items: 2 * ORDERS });

    const some = (n: number) => sql.raw(`first_name = 'Bulk' and o_id % ${n} = 0`);
    await sql`update orders set status = 5 where ${some(4)}`.execute(bulk.db);
    await sql`update orders set status = 1, created_at = '2026-03-20 10:00:00', u_id = ${sql.lit(buyers[0].u_id)} where ${some(6)}`.execute(bulk.db);
    await sql`update orders set payment_status = 'refunded', refund_amount = 500 where ${some(9)}`.execute(bulk.db);
    await sql`update orders set internal_note = 'no sum changes' where ${some(2)}`.execute(bulk.db);
    await sql`update order_items set quantity = quantity + 1, carat_name = '18K' where o_id in (select o_id from orders where ${some(11)})`.execute(bulk.db);
    await sql`delete from order_items where o_id in (select o_id from orders where ${some(13)}) and quantity = 1`.execute(bulk.db);
    await sql`delete from orders where ${some(17)}`.execute(bulk.db);
    await expectSummariesMatchOrders(bulk.db);
  }, 60_000);
});
