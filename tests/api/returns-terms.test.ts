/**
 * Return terms at the time of sale (issue 36): an order line keeps its product's return flags
 * (non-returnable kind, partial-refund collection) as they were when it was sold, set by the
 * order's own insert, and the return rules read that copy: a flag changed later leaves earlier
 * sales alone, either way. Both engines: tests/helpers/with-pg.sh npx vitest run tests/api/returns-terms.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.ts';
import { checkoutAddress } from '../helpers/orders.ts';
import { databaseBefore } from '../helpers/database.ts';
import { callers } from '../helpers/admin.ts';
import { createProduct } from '../helpers/catalogue.ts';
import { addressOf, advanceOrder } from '../helpers/orders.ts';
import { call, createTestStore, createUser, type TestStore } from '../helpers/store.ts';

let store: TestStore;
let admin: Awaited<ReturnType<typeof callers>>['admin'];

beforeAll(async () => {
  store = await createTestStore();
  ({ admin } = await callers(store));
});
afterAll(() => store?.close());

type Flags = { partial_refund: 0 | 1; non_returnable: 'engraved' | null };

/** A product with these return flags, ordered cash on delivery through POST /createorder by a new shopper and delivered. */
async function soldWith(flags: Flags) {
  const shopper = await createUser(store);
  const product = await createProduct(store, { carats: [{ inr_price: 1000000, usd_price: 12000 }] });
  await store.db.updateTable('products').set(flags).where('p_id', '=', product.p_id).execute();
  const { p_id, pc_id, carat_id, m_id, size_id } = product.selection as any;
  const body = { u_id: shopper.u_id, cartItems: [{ p_id, pc_id, carat_id, m_id, size_id, quantity: 1 }], shipping: 0, subtotal: 10000, discount: 0, total: 10000, priceType: 'inr_price', payment_method: 'cod', ...addressOf(shopper) };
  const placed = await call(store, 'POST', '/createorder', body, shopper.auth);
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const o_id = placed.body.data.o_id as number;
  await advanceOrder(store, admin, o_id, 4);
  const { oi_id } = await store.db.selectFrom('order_items').select('oi_id').where('o_id', '=', o_id).executeTakeFirstOrThrow();
  return { shopper, p_id, o_id, oi_id };
}

const options = async (sale: Awaited<ReturnType<typeof soldWith>>) => {
  const res = await call(store, 'GET', `/returnoptions/${sale.o_id}`, undefined, sale.shopper.auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.lines[0] as { non_returnable: string | null; refund_percent: number };
};
const ask = (sale: Awaited<ReturnType<typeof soldWith>>) =>
  call(store, 'POST', '/requestreturn', { o_id: sale.o_id, items: [{ oi_id: sale.oi_id, quantity: 1 }], kind: 'refund', reason: 'changed_mind' }, sale.shopper.auth);

describe('return terms at the time of sale', () => {
  it('the order line keeps the product\'s flags as sold', async () => {
    const sale = await soldWith({ partial_refund: 1, non_returnable: 'engraved' });
    const line = await store.db.selectFrom('order_items').select(['partial_refund', 'non_returnable']).where('oi_id', '=', sale.oi_id).executeTakeFirstOrThrow();
    expect({ partial_refund: Number(line.partial_refund), non_returnable: line.non_returnable }).toEqual({ partial_refund: 1, non_returnable: 'engraved' });
  });

  it('a product marked non-returnable after it was sold: the earlier sale can still be returned, in full', async () => {
    const sale = await soldWith({ partial_refund: 0, non_returnable: null });
    await store.db.updateTable('products').set({ partial_refund: 1, non_returnable: 'engraved' }).where('p_id', '=', sale.p_id).execute();
    expect(await options(sale)).toMatchObject({ non_returnable: null, refund_percent: 100 });
    const asked = await ask(sale);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.data.estimate.refund).toBe(10000);
  });

  it('and the other way: sold non-returnable, made returnable later: the earlier sale stays non-returnable', async () => {
    const sale = await soldWith({ partial_refund: 0, non_returnable: 'engraved' });
    await store.db.updateTable('products').set({ non_returnable: null }).where('p_id', '=', sale.p_id).execute();
    expect(await options(sale)).toMatchObject({ non_returnable: 'engraved' });
    const asked = await ask(sale);
    expect(asked.status).toBe(409);
    expect(asked.body.description).toContain('is engraved and cannot be returned unless it is defective');
  });

  it('sold in the partial-refund collection, taken out of it later: the earlier sale refunds the policy\'s part', async () => {
    const sale = await soldWith({ partial_refund: 1, non_returnable: null });
    await store.db.updateTable('products').set({ partial_refund: 0 }).where('p_id', '=', sale.p_id).execute();
    expect(await options(sale)).toMatchObject({ refund_percent: 50 });
    const asked = await ask(sale);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.data.estimate.refund).toBe(5000);
  });
});

describe('2026_12_04_0004_sale_return_terms on an old store', () => {
  it('copies each sold line\'s product flags (a line whose product is gone keeps the defaults) and marks orders paid all by store credit', async () => {
    const old = await databaseBefore('2026_12_04_0004_sale_return_terms');
    try {
      const { db } = old;
      const product = await createProduct({ db });
      await db.updateTable('products').set({ partial_refund: 1, non_returnable: 'custom' }).where('p_id', '=', product.p_id).execute();
      const user = await db.insertInto('users').values({ full_name: 'Old Shopper', u_name: 'old', country_code: '+91', phone_number: '9000000002', password_hash: 'x', token_key: 'old-key' }).returning('u_id').executeTakeFirstOrThrow();
      const order = (values: object) =>
        db.insertInto('orders').values({ u_id: user.u_id, currency: 'INR', subtotal: 100000, total: 100000, ...checkoutAddress, payment_method: 'cod', payment_status: 'unpaid', ...values } as any).returning('o_id').executeTakeFirstOrThrow();
      const [credit, part, cash] = [await order({ store_credit: 100000, payment_status: 'paid' }), await order({ store_credit: 40000 }), await order({})];
      const line = (o_id: number, p_id: number | null) => ({ o_id, p_id, product_name: 'Old Ring', quantity: 1, price: 100000, line_total: 100000 });
      await db.insertInto('order_items').values([line(cash.o_id, product.p_id), line(cash.o_id, null)] as any).execute();
      await migrateToLatest(db);
      const lines = await db.selectFrom('order_items').select(['p_id', 'partial_refund', 'non_returnable']).where('o_id', '=', cash.o_id).orderBy('oi_id').execute();
      expect(lines.map((l) => ({ ...l, partial_refund: Number(l.partial_refund) }))).toEqual([
        { p_id: product.p_id, partial_refund: 1, non_returnable: 'custom' },
        { p_id: null, partial_refund: 0, non_returnable: null },
      ]);
      const methods = await db.selectFrom('orders').select(['o_id', 'payment_method']).orderBy('o_id').execute();
      expect(methods).toEqual([
        { o_id: credit.o_id, payment_method: 'store_credit' },
        { o_id: part.o_id, payment_method: 'cod' },
        { o_id: cash.o_id, payment_method: 'cod' },
      ]);
    } finally {
      await old.close();
    }
  });
});
