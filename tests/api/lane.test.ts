/**
 * The checkout lane (api/lane/lane.ts): on PostgreSQL the cart, orders and payments are
 * answered by the app on a worker thread of its own. The same answers as on the main
 * thread, the same rules, and what the lane changes shows on the main thread from its
 * very next answer. SQLite has no lane (its statements never wait for the event loop);
 * the route rule is checked on both engines, the lane itself on PostgreSQL only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.ts';
import { laneRoutes, type Lane, startLane } from '../../api/lane/lane.ts';
import { noteStockChange } from '../../db/queries/stock-view.ts';
import { createCarat, createProduct } from '../helpers/catalogue.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { onEngine } from '../helpers/database.ts';
import { call, createTestStore, TEST_JWT_SECRET, TEST_PAN_KEY, createUser, type TestStore } from '../helpers/store.ts';
import { codOrderBody } from '../helpers/orders.ts';

describe('which requests the lane takes', () => {
  const serves = laneRoutes();
  it.each([
    ['POST', '/createcart'],
    ['GET', '/getcart/12'],
    ['HEAD', '/getcart/12'],
    ['DELETE', '/removewishlist'],
    ['POST', '/createorder'],
    ['PUT', '/cancelorder'],
    ['GET', '/getorder/7'],
  ])('every route of the cart, orders and payments, by method and path: %s %s', (method, path) => {
    expect(serves(method, path)).toBe(true);
  });
  it.each([
    ['POST', '/getallproducts'],
    ['POST', '/getproductbyid'],
    ['POST', '/login'],
    ['GET', '/admin/orders'],
    ['GET', '/'],
    ['GET', '/createorder'],
    ['GET', '/getcart'],
  ])('nothing else (the catalogue, accounts, the back office, pages, a wrong method): %s %s', (method, path) => {
    expect(serves(method, path)).toBe(false);
  });
});

describe.skipIf(!onEngine('postgres'))('the lane on PostgreSQL', () => {
  let store: TestStore;
  let lane: Lane;
  beforeAll(async () => {
    store = await createTestStore();
    lane = await startLane({
      // The store's own environment (tests/helpers/store.ts), as a lane reads it from the process's.
      env: { DATA_DIR: store.dir, DATABASE_URL: store.config.database.engine === 'postgres' ? store.config.database.url : '', JWT_SECRET: TEST_JWT_SECRET, PAN_KEY: TEST_PAN_KEY },
      onStockChange: (pcIds) => void noteStockChange(store.db, pcIds),
      onCatalogueChange: () => void store.catalogueChanges++,
    });
    store.app = createApp({ db: store.db, config: store.config, onCatalogueChange: () => void store.catalogueChanges++ }, { lane: lane.middleware });
  });
  afterAll(async () => {
    await lane?.stop();
    await store?.close();
  });

  const stockShown = async (p_id: number) => (await call(store, 'POST', '/getproductbyid', { p_id })).body.data.productcarats[0].stock as number | null;

  it('answers as the main thread would: the envelope, the contract, the security headers, validation and identity', async () => {
    const shopper = await createUser(store);
    const product = await createProduct(store);
    const anonymous = await call(store, 'POST', '/createcart', { ...product.selection, quantity: 1 });
    expect(anonymous.status).toBe(403);
    expect(anonymous.body).toEqual({ status: 0, description: 'Please log in to continue.', data: null });
    expect(anonymous.headers.get('x-content-type-options')).toBe('nosniff');
    const bad = await call(store, 'POST', '/createcart', { ...product.selection, quantity: 'two' }, shopper.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.status).toBe(0);
    const added = await call(store, 'POST', '/createcart', { ...product.selection, quantity: 2 }, shopper.auth);
    expectMatchesContract('POST', '/createcart', added);
    expect(added.status).toBe(201);
    const cart = await call(store, 'GET', `/getcart/${shopper.u_id}`, undefined, shopper.auth);
    expectMatchesContract('GET', `/getcart/${shopper.u_id}`, cart);
    expect(cart.body.data).toHaveLength(1);
    expect(cart.body.data[0].quantity).toBe(2);
    // An upload's type lets a body past the JSON limit; the lane reads it only up to that limit.
    const huge = await store.app.request('/createcart', {
      method: 'POST',
      headers: { ...shopper.auth, 'content-type': 'multipart/form-data; boundary=x' },
      body: new Uint8Array(1024 * 1024 + 1),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ status: 0, description: 'The request body is too large (1 MB at most).', data: null });
    const other = await createUser(store);
    expect((await call(store, 'GET', `/getcart/${shopper.u_id}`, undefined, other.auth)).status).toBe(403);
  });

  it("an order placed on the lane shows in the main thread's stock from its very next answer, and so does its cancel", async () => {
    const k22 = (await createCarat(store, '22K')).carat_id;
    const product = await createProduct(store, { carats: [{ carat_id: k22 }] });
    await store.db
      .updateTable('product_carats')
      .set({ pricing: 'rate', net_weight_mg: 5250, making_type: 'percent', making_value: 1200, stone_value: 250000, rate_per_gram: 725000, rate_at: '2026-11-24T08:00:00Z', inr_price: 4648400, usd_price: 55011, stock: 1, lead_time_days: null })
      .where('pc_id', '=', product.selection.pc_id)
      .execute();
    const shopper = await createUser(store);
    expect(await stockShown(product.p_id)).toBe(1);
    const body = codOrderBody(shopper, { subtotal: 46484 }, { cartItems: [{ ...product.selection, quantity: 1 }] });
    const placed = await call(store, 'POST', '/createorder', body, { ...shopper.auth, 'Idempotency-Key': 'lane-order-1' });
    expectMatchesContract('POST', '/createorder', placed);
    expect(placed.status).toBe(201);
    expect(await stockShown(product.p_id)).toBe(0);
    const replay = await call(store, 'POST', '/createorder', body, { ...shopper.auth, 'Idempotency-Key': 'lane-order-1' });
    expect(replay.status).toBe(200);
    expect(replay.body.data.o_id).toBe(placed.body.data.o_id);
    expect((await call(store, 'PUT', '/cancelorder', { o_id: placed.body.data.o_id }, shopper.auth)).status).toBe(200);
    expect(await stockShown(product.p_id)).toBe(1);
  });

  it('ten identical requests at once through the lane: one cart line, then one order for one Idempotency-Key, no 500', async () => {
    const shopper = await createUser(store);
    const product = await createProduct(store, { carats: [{ inr_price: 10000, usd_price: 100 }] });
    const statusesOf = (replies: { status: number }[]) => {
      const statuses: Record<number, number> = {};
      for (const r of replies) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      return statuses;
    };
    const added = await Promise.all(Array.from({ length: 10 }, () => call(store, 'POST', '/createcart', { ...product.selection, quantity: 1 }, shopper.auth)));
    const lines = await store.db.selectFrom('cart_items').select(['c_id', 'quantity']).where('u_id', '=', shopper.u_id).execute();
    console.log(`race through the lane: cart selection: answers ${JSON.stringify(statusesOf(added))}, rows ${lines.length}`);
    expect(statusesOf(added)).toEqual({ 201: 1, 200: 9 });
    expect(lines).toEqual([{ c_id: lines[0].c_id, quantity: 10 }]);

    const body = codOrderBody(shopper, { subtotal: 1000 }, { cartItems: [{ c_id: lines[0].c_id }] });
    const placed = await Promise.all(Array.from({ length: 10 }, () => call(store, 'POST', '/createorder', body, { ...shopper.auth, 'Idempotency-Key': 'lane-race-0001' })));
    const orders = await store.db.selectFrom('orders').select('o_id').where('u_id', '=', shopper.u_id).execute();
    console.log(`race through the lane: Idempotency-Key, cart order: answers ${JSON.stringify(statusesOf(placed))}, rows ${orders.length}`);
    expect(statusesOf(placed)).toEqual({ 201: 1, 200: 9 });
    expect(orders).toHaveLength(1);
    expect(new Set(placed.map((r) => r.body.data.o_id))).toEqual(new Set([orders[0].o_id]));
  });

  it('a lane whose thread ends is started again: the next call is answered by the new one', async () => {
    const shopper = await createUser(store);
    const ended = lane.thread()!;
    await ended.terminate();
    const cart = await call(store, 'GET', `/getcart/${shopper.u_id}`, undefined, shopper.auth);
    expect(cart.status).toBe(200);
    expect(cart.body.data).toEqual([]);
    expect(lane.thread()).toBeDefined();
    expect(lane.thread()).not.toBe(ended);
  });

  it('a stopped lane: its routes answer 503 in the envelope, everything else as before', async () => {
    const shopper = await createUser(store);
    const product = await createProduct(store);
    await lane.stop();
    const refused = await call(store, 'GET', `/getcart/${shopper.u_id}`, undefined, shopper.auth);
    expect(refused.status).toBe(503);
    expect(refused.body.status).toBe(0);
    expect(typeof refused.body.description).toBe('string');
    expect((await call(store, 'POST', '/getproductbyid', { p_id: product.p_id })).status).toBe(200);
  });
});
