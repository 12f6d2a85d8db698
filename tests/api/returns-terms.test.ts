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

describe("a buy-back's quote, kept in the return's columns", () => {
  it('is made on the server when asked, shown on the desk, and paid even after the rate moves: 5.250 g of 22K at ₹7,250/g', async () => {
    const sale = await soldWith({ partial_refund: 0, non_returnable: null });
    // One ring of 5.250 g net, nothing else recorded (no stones, making not valued in a buy-back by default).
    await store.db.updateTable('order_items').set({ net_weight_mg: 5_250, stones_inr: null, making_inr: null }).where('oi_id', '=', sale.oi_id).execute();
    const { carat_id } = await store.db.selectFrom('order_items').select('carat_id').where('oi_id', '=', sale.oi_id).executeTakeFirstOrThrow();
    const setRate = async (inr_per_gram: number) =>
      expect((await call(store, 'POST', '/setmetalrates', { rates: [{ carat_id, inr_per_gram }], usd_inr: 84.5, confirm: true }, admin.auth)).status).toBe(200);
    await setRate(7250);

    // What the account shows: metal 5.250 g × ₹7,250 = ₹38,062.50; exchange at 100% ₹38,062.50; buy-back at 90% ₹34,256.25.
    const shown = await call(store, 'GET', `/buybackquote/${sale.oi_id}`, undefined, sale.shopper.auth);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.data).toMatchObject({ metal_value: 38062.5, exchange: { total: 38062.5 }, buyback: { total: 34256.25 } });

    const asked = await call(store, 'POST', '/requestreturn', { o_id: sale.o_id, items: [{ oi_id: sale.oi_id, quantity: 1 }], kind: 'buyback', reason: 'sell_gold' }, sale.shopper.auth);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const r_id = asked.body.data.r_id as number;
    const row = await store.db.selectFrom('returns').selectAll().where('r_id', '=', r_id).executeTakeFirstOrThrow();
    expect({ rate: Number(row.quote_rate_inr_per_gram), metal: Number(row.quote_metal_value), payout: Number(row.quote_payout) }).toEqual({ rate: 725000, metal: 3806250, payout: 3425625 });
    expect(row.quote_rate_at).not.toBeNull();
    // Valid the policy's one day from the request.
    const validMs = Date.parse(`${row.quote_valid_until!.replace(' ', 'T')}Z`) - Date.parse(`${row.created_at.replace(' ', 'T')}Z`);
    expect(Math.abs(validMs - 86_400_000)).toBeLessThan(5_000);

    const detail = await call(store, 'GET', `/getreturndetail/${r_id}`, undefined, admin.auth);
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    expect(detail.body.data.buyback_quote).toMatchObject({ rate_inr_per_gram: 7250, metal_value: 38062.5, payout: 34256.25 });
    expect(detail.body.data.buyback_quote.words).toMatch(/^Metal value ₹38,062\.50 at ₹7,250\.00\/g \(rate of .+\); buy-back value ₹34,256\.25, quoted when asked and valid until .+\.$/);
    // The shopper sees the same quote on their request.
    const mine = await call(store, 'GET', '/getreturns', undefined, sale.shopper.auth);
    expect(mine.body.data.find((r: { r_id: number }) => r.r_id === r_id).buyback_quote).toMatchObject({ payout: 34256.25 });

    // The rate rises to ₹8,000/g before the pieces arrive: the buy-back pays the quote it was asked at.
    await setRate(8000);
    const huids = (await store.db.selectFrom('order_item_huids').select('huid').where('oi_id', '=', sale.oi_id).execute()).map((h) => h.huid);
    for (const body of [
      { r_id, status: 'approved' },
      { r_id, status: 'picked_up', courier_name: 'Blue Dart', tracking_number: 'BD1' },
      { r_id, status: 'received' },
      { r_id, status: 'inspected', huids },
    ]) {
      const res = await call(store, 'PUT', '/updatereturnstatus', body, admin.auth);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const confirm = await call(store, 'PUT', '/updatereturnstatus', { r_id, status: 'refunded' }, admin.auth);
    expect(confirm.status).toBe(409);
    expect(confirm.body.data).toMatchObject({ refund_required: true, refund_amount: 34256.25 });
    expect(confirm.body.description).toContain('the quote made when it was asked');
    const paid = await call(store, 'PUT', '/updatereturnstatus', { r_id, status: 'refunded', refund_amount: 34256.25, payout_method: 'bank', payout_reference: 'NEFT9' }, admin.auth);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({ refund_amount: 34256.25, payout_method: 'bank', payout_status: 'paid' });
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
