import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers } from '../helpers/admin.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { call, createTestStore, type TestStore } from '../helpers/store.ts';

// GET /getallorders used to bind one SQL variable per order when fetching items,
// and failed past SQLite's 32,766. 50,000 orders, each with one item, are seeded
// directly (two INSERT ... SELECT statements over a counter), all on one day: each
// statement adds its 50,000 rows to the same sales summary rows, within the statement
// timeout (PostgreSQL's triggers upsert each summary row once a statement, migration
// 2026_12_05_0001; when they rewrote it once a row, this outlasted the 30 s timeout).
const ORDERS = 50_000;

let store: TestStore;
let admin: Awaited<ReturnType<typeof callers>>['admin'];

beforeAll(async () => {
  store = await createTestStore();
  ({ admin } = await callers(store));
  await sql`
    insert into orders (u_id, status, currency, subtotal, total, first_name, last_name, email, phone_number, address, city, state, zip_code, payment_method, payment_status, created_at)
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${ORDERS})
    select null, 1 + (i % 5), 'INR', 100 * i, 100 * i, 'Bulk', 'Buyer ' || cast(i as text), 'bulk@example.com', '8' || cast(100000000 + i as text),
      '1 Bulk Lane', 'Pune', 'Maharashtra', '411001', 'cod', 'unpaid', '2025-06-01 10:00:00'
    from n
  `.execute(store.db);
  await sql`
    insert into order_items (o_id, product_name, quantity, price, line_total)
    select o_id, 'Bulk Ring', 1, total, total from orders where first_name = 'Bulk'
  `.execute(store.db);
}, 120_000);
afterAll(() => store.close());

describe(`${ORDERS.toLocaleString('en')} orders`, () => {
  it('GET /getallorders without paging answers every order with its items', async () => {
    const res = await call(store, 'GET', '/getallorders', undefined, admin.auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(ORDERS);
    expect(res.body.data.every((o: any) => o.orderItems.length === 1 && o.orderItems[0].price === o.total)).toBe(true);
    // Newest first; equal times by order number, descending.
    expect(res.body.data[0].o_id).toBeGreaterThan(res.body.data[ORDERS - 1].o_id);
    expectMatchesContract('GET', '/getallorders', { status: res.status, body: { ...res.body, data: res.body.data.slice(0, 50) } });
  }, 120_000);

  it('the order desk pages, filters and searches on the server', async () => {
    const last = await call(store, 'GET', `/getorderlist?page=${ORDERS / 20}&perPage=20`, undefined, admin.auth);
    expect(last.status).toBe(200);
    expectMatchesContract('GET', '/getorderlist', last);
    expect(last.body.data.totalCount).toBe(ORDERS);
    expect(last.body.data.orderData).toHaveLength(20);
    expect(last.body.data.orderData.at(-1).orderItems).toHaveLength(1);
    const shipped = await call(store, 'GET', '/getorderlist?status=3&perPage=5', undefined, admin.auth);
    expect(shipped.body.data.totalCount).toBe(ORDERS / 5);
    expect(shipped.body.data.orderData.every((o: any) => o.status === 3)).toBe(true);
    const found = await call(store, 'GET', `/getorderlist?search=${encodeURIComponent('buyer 31337')}`, undefined, admin.auth);
    expect(found.body.data.orderData.map((o: any) => o.last_name)).toEqual(['Buyer 31337']);
    const paged = await call(store, 'GET', '/getallorders?page=2&perPage=100', undefined, admin.auth);
    expect(paged.body.data).toHaveLength(100);
  }, 60_000);
});
