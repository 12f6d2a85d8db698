// The products shoppers are shown are kept between listings (db/queries/catalogue.ts, shopperViews)
// and, from a catalogue version's first listing on, loaded in the background (warmShopperViews): a
// listing whose filter is new then shows products no earlier page showed without reading them. Both
// engines: the statements each sends are counted as its driver receives them.

import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCarat, createCategory, createProduct } from '../helpers/catalogue.ts';
import { call, type TestStore, createTestStore } from '../helpers/store.ts';

let sent: string[] | null = null;
// SQLite: statements are prepared once and kept (db/connection.ts), so a run is counted.
const statement = Object.getPrototypeOf(new Database(':memory:').prepare('select 1')) as Database.Statement;
for (const run of ['all', 'get', 'run', 'iterate'] as const) {
  const original = statement[run] as (...args: unknown[]) => unknown;
  (statement as unknown as Record<string, unknown>)[run] = function (this: Database.Statement, ...args: unknown[]) {
    sent?.push(this.source);
    return original.apply(this, args);
  };
}
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: typeof query }).query = function (this: pg.Client, ...args: unknown[]) {
  const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
  sent?.push(text ?? '');
  return query.apply(this, args);
};

/** The statements reading a product's details (its media, its key points): a view being made. */
const readsDetails = (texts: string[]) => texts.filter((text) => /"product_media"|"product_key_points"/.test(text));

async function listing(body: object) {
  const res = await call(store, 'POST', '/getallproducts', body);
  expect(res.status).toBe(200);
  return res.body.data as { productData: { p_id: number; name: string }[]; totalCount: number };
}

/** The statements a listing sends, and its answer. */
async function statementsOf(body: object) {
  sent = [];
  try {
    const page = await listing(body);
    return { page, texts: sent };
  } finally {
    sent = null;
  }
}

let store: TestStore;
let cate_id: number;
let carat_id: number;
beforeAll(async () => {
  store = await createTestStore();
  cate_id = (await createCategory(store)).cate_id;
  carat_id = (await createCarat(store, '22K')).carat_id;
  for (let i = 0; i < 40; i++) await createProduct(store, { cate_id, carats: [{ carat_id, inr_price: 100_000 + i * 100, usd_price: 1_200 + i }] });
});
afterAll(() => store.close());

/**
 * Waits until the background warm-up has loaded its last step (it goes newest first, 16 products a
 * step, each step's products kept together). A listing of one product reads its details when no
 * warm-up step has loaded it, and then keeps it, so a second look at the same product proves
 * nothing: the products are looked at one each, the oldest first, until one was already kept.
 */
async function warmed(): Promise<void> {
  // The last step holds the 8 oldest: a kept product past them would not tell that it ran.
  for (let oldest = 0; oldest < 8; ) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(20 * 2 ** oldest, 640)));
    const one = await statementsOf({ is_admin: 1, page: 40 - oldest, perPage: 1, filter: { categories: [cate_id] } });
    expect(one.page.productData).toHaveLength(1);
    if (readsDetails(one.texts).length === 0) return;
    oldest += 1;
  }
  throw new Error('the warm-up had not loaded the 8 oldest products when each was looked at');
}

/**
 * A page of four no listing showed since the catalogue changed (nor warmed() looked at), its
 * filter never asked: answered from kept views alone.
 */
async function expectKept(page: number) {
  // ₹1,000 to ₹1,039, one rupee apart: those up to ₹1,035, the dearest first (page 1: ₹1,035 to ₹1,032).
  const shown = await statementsOf({ is_admin: 1, page, perPage: 4, sort: 'price_desc', filter: { categories: [cate_id], minPrice: 1, maxPrice: 1_035 } });
  expect(shown.page.totalCount).toBe(36);
  expect(shown.page.productData).toHaveLength(4);
  expect(readsDetails(shown.texts)).toHaveLength(0);
}

it("a listing's first page reads its products; the rest are loaded behind it, and a new filter's page then reads none", async () => {
  const first = await statementsOf({ is_admin: 1, page: 1, perPage: 4, filter: { categories: [cate_id] } });
  expect(first.page.productData).toHaveLength(4);
  expect(readsDetails(first.texts).length).toBeGreaterThan(0);
  await warmed();
  await expectKept(1);
});

it('a catalogue change starts afresh: the changed product is shown as it is now, and the views are loaded again', async () => {
  const [product] = (await listing({ is_admin: 1, page: 1, perPage: 1, sort: 'price_desc', filter: { categories: [cate_id] } })).productData;
  await store.db.updateTable('products').set({ name: 'Temple Haar' }).where('p_id', '=', product.p_id).execute();
  const changed = await statementsOf({ is_admin: 1, page: 1, perPage: 1, sort: 'price_desc', filter: { categories: [cate_id], minPrice: 2 } });
  expect(changed.page.productData[0]).toMatchObject({ p_id: product.p_id, name: 'Temple Haar' });
  expect(readsDetails(changed.texts).length).toBeGreaterThan(0);
  await warmed();
  await expectKept(2);
});
