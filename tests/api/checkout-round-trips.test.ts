/**
 * The checkout's PostgreSQL statements stay as few as they were made (npm run bench:trips
 * shows them one by one): on a saturated machine each statement waits to be scheduled
 * twice, and the checkout's tail latency is made of them. Counted as pg's clients send
 * them, each call once warm. SQLite sends none.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCoupon, createProduct } from '../helpers/catalogue.ts';
import { onEngine } from '../helpers/database.ts';
import { codOrderBody } from '../helpers/orders.ts';
import { call, createTestStore, createUser, type TestStore } from '../helpers/store.ts';

let sent: string[] | null = null;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: typeof query }).query = function (this: pg.Client, ...args: unknown[]) {
  const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
  sent?.push(text ?? '');
  return query.apply(this, args);
};

/** The statements a call sends. */
async function statementsOf(work: () => Promise<{ status: number }>, status: number): Promise<string[]> {
  sent = [];
  try {
    expect((await work()).status).toBe(status);
    return sent;
  } finally {
    sent = null;
  }
}

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());

it.skipIf(!onEngine('postgres'))('add to cart, the cart read and a cart order send the statements they were made to', async () => {
  const shopper = await createUser(store);
  const coupon = await createCoupon(store, { discount_bp: 1000 });
  const product = await createProduct(store, { carats: [{ inr_price: 100000, usd_price: 1200 }] });
  await store.db.updateTable('product_carats').set({ stock: 500 }).where('pc_id', '=', product.selection.pc_id).execute();
  const add = (quantity: number) => call(store, 'POST', '/createcart', { ...product.selection, quantity }, shopper.auth);
  const read = () => call(store, 'GET', `/getcart/${shopper.u_id}`, undefined, shopper.auth);
  const order = (key: string, c_id: number, quantity: number) =>
    call(store, 'POST', '/createorder', codOrderBody(shopper, { subtotal: 1000 * quantity, discount: 100 * quantity }, { cartItems: [{ c_id }], coupon_name: coupon.coupon_name }), {
      ...shopper.auth,
      'Idempotency-Key': key,
    });
  // Warm: the catalogue's kept views and stock, and a first order.
  const first = await add(1);
  await read();
  expect((await order('round-trips-0001', first.body.data.c_id, 1)).status).toBe(201);

  // The caller, the selection (two statements at once), the line itself: one upsert.
  const created = await statementsOf(() => add(2), 201);
  expect(created).toHaveLength(4);
  expect(created.at(-1)).toMatch(/^insert into "cart_items" .* on conflict/);
  expect(await statementsOf(() => add(1), 200)).toHaveLength(4);
  expect(await statementsOf(() => add(97), 400)).toHaveLength(4);
  // The caller, the lines, and the catalogue's version when this process wrote since it last read it (and,
  // once a second, a look for other writers' stock changes): the products are kept, not read.
  const cart = await statementsOf(read, 200);
  expect(cart.length).toBeLessThanOrEqual(4);
  expect(cart.filter((text) => /"product_media"|"product_key_points"/.test(text))).toHaveLength(0);
  // The caller; the lines read and priced beside the transaction (lines, the products' two, coupon, settings);
  // BEGIN, the lines locked with the key's order, the order with its stock, COMMIT (more only when the
  // pricing beside was late and the lines were priced again inside).
  const lines = await read();
  const placed = await statementsOf(() => order('round-trips-0002', lines.body.data[0].c_id, 3), 201);
  expect(placed.filter((text) => /^update "product_carats"/.test(text))).toHaveLength(0);
  expect(placed.filter((text) => /^with "stock_taken" as \(update "product_carats" .*"placed_order" as \(insert into "orders"/.test(text))).toHaveLength(1);
});
