/**
 * Ten identical requests at once, on the engine under test (tests/helpers/database.ts):
 * where the rule is "only one", exactly one row comes of them, and every answer is the
 * rule's (a replay, or 409), never a 500. On SQLite one writer at a time makes this
 * hold; on PostgreSQL the unique indexes and writeTransaction (serializable, retried;
 * order placement: read committed with the shopper's rows locked) must, with ten
 * pooled connections really running at once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Callers, storeWithCallers } from '../helpers/admin.ts';
import { createProduct } from '../helpers/catalogue.ts';
import { testEngine } from '../helpers/database.ts';
import { call, createTestStore, createUser, type TestStore } from '../helpers/store.ts';
import { codOrderBody } from '../helpers/orders.ts';
import { retriesOf, type Trx, writeTransaction } from '../../db/transaction.ts';
import { addToCart, type AddToCartResult, cartLines } from '../../db/queries/cart.ts';
import { TOTAL_MISMATCH } from '../../api/orders/place-order.ts';

let store: TestStore;
let admin: Callers['admin'];
beforeAll(async () => ({ store, admin } = await storeWithCallers()));
afterAll(() => store.close());

const AT_ONCE = 10;

/** Sends the request AT_ONCE times together; answers the statuses, counted, and the bodies. */
async function atOnce(method: string, url: (i: number) => string, body: (i: number) => unknown, headers: Record<string, string>) {
  const replies = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => call(store, method, url(i), body(i), headers)));
  const statuses: Record<number, number> = {};
  for (const r of replies) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  return { replies, statuses };
}

function report(what: string, statuses: Record<string, number>, rows: number) {
  console.log(`race on ${testEngine}: ${what}: answers ${JSON.stringify(statuses)}, rows ${rows}`);
}

const count = async (table: 'cart_items' | 'wishlist_items' | 'materials' | 'coupons' | 'orders' | 'categories', where: (q: any) => any) =>
  Number((await where(store.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n'))).executeTakeFirstOrThrow()).n);

it('one cart selection added 10 times at once: one line, holding every acknowledged piece', async () => {
  const shopper = await createUser(store);
  const product = await createProduct(store);
  const { replies, statuses } = await atOnce('POST', () => '/createcart', () => ({ ...product.selection, quantity: 1 }), shopper.auth);
  const lines = await store.db.selectFrom('cart_items').select(['c_id', 'quantity']).where('u_id', '=', shopper.u_id).execute();
  report('cart selection', statuses, lines.length);
  expect(replies.every((r) => r.status < 500), JSON.stringify(statuses)).toBe(true);
  expect(lines).toHaveLength(1);
  const acknowledged = replies.filter((r) => r.body.status === 1).length;
  expect(acknowledged).toBeGreaterThan(0);
  expect(lines[0].quantity).toBe(acknowledged);
});

it('one wishlist selection added 10 times at once: one line', async () => {
  const shopper = await createUser(store);
  const product = await createProduct(store);
  const { replies, statuses } = await atOnce('POST', () => '/createwishlist', () => product.selection, shopper.auth);
  const rows = await count('wishlist_items', (q) => q.where('u_id', '=', shopper.u_id));
  report('wishlist selection', statuses, rows);
  expect(replies.every((r) => r.status < 500), JSON.stringify(statuses)).toBe(true);
  expect(rows).toBe(1);
});

it('one material name (in any case) added 10 times at once: one material, nine 409', async () => {
  const { statuses } = await atOnce('POST', () => '/addmaterial', (i) => ({ name: i % 2 ? 'Racing Gold' : 'RACING gold' }), admin.auth);
  const rows = await count('materials', (q) => q.where((eb: any) => eb(eb.fn('lower', ['name']), '=', 'racing gold')));
  report('material name', statuses, rows);
  expect(rows).toBe(1);
  expect(statuses).toEqual({ 201: 1, 409: AT_ONCE - 1 });
});

it('one category name added 10 times at once: one category, nine 409', async () => {
  // /addcategory takes a multipart upload; the race is in its query, called ten times at once.
  const { createCategory } = await import('../../db/queries/admin-catalogue.ts');
  const results = await Promise.allSettled(Array.from({ length: AT_ONCE }, (_, i) => createCategory(store.db, { cate_name: i % 2 ? 'Racing Rings' : 'racing RINGS', cate_image: `race-${i}.webp` })));
  const rows = await count('categories', (q) => q.where((eb: any) => eb(eb.fn('lower', ['cate_name']), '=', 'racing rings')));
  const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
  report('category name', { 201: results.length - refused.length, 409: refused.filter((e) => e.kind === 'conflict').length }, rows);
  expect(rows).toBe(1);
  expect(refused).toHaveLength(AT_ONCE - 1);
  for (const error of refused) expect(error.kind).toBe('conflict');
});

it('one coupon name added 10 times at once: one coupon, nine 409', async () => {
  const { statuses } = await atOnce('POST', () => '/addcoupon', (i) => ({ coupon_name: i % 2 ? 'race10' : 'RACE10', discount: '10' }), admin.auth);
  const rows = await count('coupons', (q) => q.where('coupon_name', '=', 'RACE10'));
  report('coupon name', statuses, rows);
  expect(rows).toBe(1);
  expect(statuses).toEqual({ 201: 1, 409: AT_ONCE - 1 });
});

/** Sends the order AT_ONCE times at once under one Idempotency-Key: one order must come of it, placed once (201) and replayed to the rest (200). */
async function orderOnceUnderOneKey(label: string, shopper: Awaited<ReturnType<typeof createUser>>, body: object, key: string) {
  const { replies, statuses } = await atOnce('POST', () => '/createorder', () => body, { ...shopper.auth, 'Idempotency-Key': key });
  const rows = await count('orders', (q) => q.where('u_id', '=', shopper.u_id));
  report(label, statuses, rows);
  expect(rows).toBe(1);
  expect(statuses).toEqual({ 201: 1, 200: AT_ONCE - 1 });
  expect(new Set(replies.map((r) => r.body.data.o_id)).size).toBe(1);
}

it('one Idempotency-Key sent 10 times at once: one order, answered to all ten', async () => {
  const shopper = await createUser(store);
  const product = await createProduct(store, { carats: [{ inr_price: 10000, usd_price: 100 }] });
  const body = codOrderBody(shopper, { subtotal: 100 }, { cartItems: [product.selection] });
  await orderOnceUnderOneKey('Idempotency-Key', shopper, body, 'race-attempt-0001');
});

it('one Idempotency-Key sent 10 times at once for a cart order: one order, answered to all ten, the cart emptied', async () => {
  const shopper = await createUser(store);
  const product = await createProduct(store, { carats: [{ inr_price: 10000, usd_price: 100 }] });
  const line = await call(store, 'POST', '/createcart', { ...product.selection, u_id: shopper.u_id, quantity: 2 }, shopper.auth);
  expect(line.status).toBe(201);
  const body = codOrderBody(shopper, { subtotal: 200 }, { cartItems: [{ c_id: line.body.data.c_id }] });
  await orderOnceUnderOneKey('Idempotency-Key, cart order', shopper, body, 'race-cart-attempt-0001');
  expect(await count('cart_items', (q) => q.where('u_id', '=', shopper.u_id))).toBe(0);
  // The same cart line ordered again under another key: it is gone, so the shopper is told.
  const again = await call(store, 'POST', '/createorder', body, { ...shopper.auth, 'Idempotency-Key': 'race-cart-attempt-0002' });
  expect(again.status).toBe(409);
  expect(again.body.description).toBe('Your cart has changed. Please review your cart.');
});

it('a cart line added to while it is ordered, 10 shoppers at once: every piece acknowledged is ordered or still in the cart', async () => {
  // The addition either raises the line before the order locks it (the order then sees more than was
  // claimed: 400) or, waiting for the order's lock, finds the line removed and makes a new one.
  const product = await createProduct(store, { carats: [{ inr_price: 10000, usd_price: 100 }] });
  const shoppers = await Promise.all(Array.from({ length: AT_ONCE }, () => createUser(store)));
  const lines = await Promise.all(shoppers.map((s) => call(store, 'POST', '/createcart', { ...product.selection, quantity: 1 }, s.auth)));
  expect(lines.map((r) => r.status)).toEqual(shoppers.map(() => 201));
  const replies = await Promise.all(
    shoppers.map((s, i) =>
      Promise.all([
        call(store, 'POST', '/createorder', codOrderBody(s, { subtotal: 100 }, { cartItems: [{ c_id: lines[i].body.data.c_id }] }), { ...s.auth, 'Idempotency-Key': `race-added-${i}-0001` }),
        call(store, 'POST', '/createcart', { ...product.selection, quantity: 2 }, s.auth),
      ]),
    ),
  );
  const outcomes: Record<string, number> = {};
  for (const [i, [order, added]] of replies.entries()) {
    const key = `order ${order.status}, addition ${added.status}`;
    outcomes[key] = (outcomes[key] ?? 0) + 1;
    expect([order.status, added.status].every((status) => status < 500), key).toBe(true);
    expect(added.body.status).toBe(1);
    const ordered = await store.db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.o_id', 'order_items.o_id')
      .select('order_items.quantity')
      .where('orders.u_id', '=', shoppers[i].u_id)
      .execute();
    const cart = await store.db.selectFrom('cart_items').select(['c_id', 'quantity']).where('u_id', '=', shoppers[i].u_id).execute();
    expect(cart).toHaveLength(1);
    if (order.status === 201) {
      // Ordered as claimed, the addition a new line of its own.
      expect(ordered.map((o) => o.quantity)).toEqual([1]);
      expect(added.status).toBe(201);
      expect(cart[0]).toEqual({ c_id: added.body.data.c_id, quantity: 2 });
    } else {
      expect(order.body.description).toBe(TOTAL_MISMATCH);
      expect(ordered).toHaveLength(0);
      expect(added.status).toBe(200);
      expect(cart[0]).toEqual({ c_id: lines[i].body.data.c_id, quantity: 3 });
    }
  }
  report('line added to while ordered', outcomes, AT_ONCE);
});

it('an addition waiting for an order that holds its line: a new line once the order removed it, the line raised once it rolled back', async () => {
  const shopper = await createUser(store);
  const product = await createProduct(store);
  const first = await call(store, 'POST', '/createcart', { ...product.selection, quantity: 1 }, shopper.auth);
  const c_id: number = first.body.data.c_id;
  /** An order's transaction (read committed, the line locked as placement locks it) during which the same selection is added. */
  const whileOrdered = async (end: (trx: Trx) => Promise<void>) => {
    let addition: Promise<AddToCartResult> | undefined;
    await writeTransaction(
      store.db,
      async (trx) => {
        await cartLines(trx, shopper.u_id, undefined, { lock: true });
        addition = addToCart(store.db, shopper.u_id, product.selection, 2, 99);
        // The addition waits meanwhile (PostgreSQL: for the line's lock; SQLite: for the one connection).
        await new Promise((resolve) => setTimeout(resolve, 100));
        await end(trx);
      },
      { isolation: 'read committed' },
    ).catch((error) => {
      if (!(error instanceof Error && error.message === 'rolled back')) throw error;
    });
    return addition!;
  };
  const afterRemoval = await whileOrdered(async (trx) => {
    await trx.deleteFrom('cart_items').where('c_id', '=', c_id).execute();
  });
  expect(afterRemoval).toEqual({ c_id: expect.any(Number), quantity: 2, created: true });
  expect((afterRemoval as { c_id: number }).c_id).not.toBe(c_id);
  const afterRollback = await whileOrdered(async () => {
    throw new Error('rolled back');
  });
  expect(afterRollback).toEqual({ c_id: (afterRemoval as { c_id: number }).c_id, quantity: 4, created: false });
  expect(await store.db.selectFrom('cart_items').select(['c_id', 'quantity']).where('u_id', '=', shopper.u_id).execute()).toEqual([
    { c_id: (afterRemoval as { c_id: number }).c_id, quantity: 4 },
  ]);
});

it('10 shoppers place their orders at once: ten orders, none refused as busy', async () => {
  const product = await createProduct(store, { carats: [{ inr_price: 10000, usd_price: 100 }] });
  const shoppers = await Promise.all(Array.from({ length: AT_ONCE }, () => createUser(store)));
  const body = (u_id: number) => codOrderBody({ u_id }, { subtotal: 100 }, { cartItems: [product.selection] });
  const retried = retriesOf('place order');
  const replies = await Promise.all(shoppers.map((s, i) => call(store, 'POST', '/createorder', body(s.u_id), { ...s.auth, 'Idempotency-Key': `race-shopper-${i}` })));
  const statuses: Record<number, number> = {};
  for (const r of replies) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  const rows = await count('orders', (q) => q.where('u_id', 'in', shoppers.map((s) => s.u_id)));
  report('ten shoppers ordering', statuses, rows);
  expect(statuses).toEqual({ 201: AT_ONCE });
  expect(rows).toBe(AT_ONCE);
  // Not by luck of the retries: the placements locked different shoppers' rows and never conflicted.
  expect(retriesOf('place order') - retried).toBe(0);
});

it('20 cart orders at once through a pool of 2 connections: all placed, none left waiting for a connection', async () => {
  // Placement reads beside its transaction on PostgreSQL (the early pricing); a transaction that
  // waited for a second connection of a full pool would wait for ever. SQLite: one connection anyway.
  const previous = process.env.DATABASE_POOL_SIZE;
  process.env.DATABASE_POOL_SIZE = '2';
  const small = await createTestStore();
  if (previous === undefined) delete process.env.DATABASE_POOL_SIZE;
  else process.env.DATABASE_POOL_SIZE = previous;
  try {
    const product = await createProduct(small, { carats: [{ inr_price: 10000, usd_price: 100 }] });
    const shoppers = await Promise.all(Array.from({ length: 2 * AT_ONCE }, () => createUser(small)));
    const lines = await Promise.all(shoppers.map((s) => call(small, 'POST', '/createcart', { ...product.selection, u_id: s.u_id, quantity: 1 }, s.auth)));
    expect(lines.map((r) => r.status)).toEqual(shoppers.map(() => 201));
    const body = (u_id: number, c_id: number) => codOrderBody({ u_id }, { subtotal: 100 }, { cartItems: [{ c_id }] });
    const replies = await Promise.all(shoppers.map((s, i) => call(small, 'POST', '/createorder', body(s.u_id, lines[i].body.data.c_id), s.auth)));
    const statuses: Record<number, number> = {};
    for (const r of replies) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    const rows = Number((await small.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    report('twenty cart orders, pool of 2', statuses, rows);
    expect(statuses).toEqual({ 201: 2 * AT_ONCE });
    expect(rows).toBe(2 * AT_ONCE);
    expect(Number((await small.db.selectFrom('cart_items').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(0);
  } finally {
    await small.close();
  }
}, 30_000);
