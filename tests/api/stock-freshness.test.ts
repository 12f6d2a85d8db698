// Stock apart from the catalogue's row version (migration 2026_11_26_0003, db/queries/stock-view.ts):
// a sale no longer bumps the version (which made every order wait on that one row and every
// instance rebuild its listing index), yet shoppers see stock as fresh as before: a sale or a
// cancel made by this process from the very next answer, another process's within a second.
// Both engines (the trigger is engine-specific).

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DB, openDatabase } from '../../db/connection.ts';
import { noteStockChange, OTHER_STOCK_WRITERS_LAG_MS, wholeStockReads } from '../../db/queries/stock-view.ts';
import { cachedOk } from '../../api/routes/catalogue/cache.ts';
import { createCarat, createProduct } from '../helpers/catalogue.ts';
import { contractCaller } from '../helpers/contract.ts';
import { orderCod } from '../helpers/orders.ts';
import { createTestStore, createUser, type TestStore } from '../helpers/store.ts';
import { testEngine } from '../helpers/database.ts';

let store: TestStore;
let k22: number;

const api = contractCaller(() => store);

const version = async (db: DB = store.db) =>
  (await db.selectFrom('site_state').select('value').where('key', '=', 'catalogue_rows_version').executeTakeFirstOrThrow()).value;

/** A 22K piece at 46,484 (fixed figures, as tests/api/pricing.test.ts prices it) with this stock. */
async function pieceOf(stock: number | null) {
  const product = await createProduct(store, { carats: [{ carat_id: k22 }] });
  await store.db
    .updateTable('product_carats')
    .set({ pricing: 'rate', net_weight_mg: 5250, making_type: 'percent', making_value: 1200, stone_value: 250000, rate_per_gram: 725000, rate_at: '2026-11-24T08:00:00Z', inr_price: 4648400, usd_price: 55011, stock, lead_time_days: stock === null ? 21 : null })
    .where('pc_id', '=', product.selection.pc_id)
    .execute();
  return product;
}

const stockShown = async (p_id: number) => (await api('POST', '/getproductbyid', { p_id })).body.data.productcarats[0].stock as number | null;
const inStockListing = async (p_id: number) => {
  const res = await api('POST', '/getallproducts', { is_admin: 1, page: 1, perPage: 100, filter: { inStock: true, carats: [k22] } });
  expect(res.status).toBe(200);
  return (res.body.data.productData as { p_id: number }[]).some((x) => x.p_id === p_id);
};

beforeAll(async () => {
  store = await createTestStore();
  k22 = (await createCarat(store, '22K')).carat_id;
});

afterAll(() => store.close());

describe('what moves the catalogue version', () => {
  it('stock alone does not; every other column of a carat row does (each column the table has, read from the database)', async () => {
    const product = await pieceOf(3);
    const pc_id = product.selection.pc_id;
    const before = await version();
    await store.db.updateTable('product_carats').set((eb) => ({ stock: eb('stock', '-', 1) })).where('pc_id', '=', pc_id).execute();
    expect(await version()).toBe(before);

    const columns = (
      testEngine === 'postgres'
        ? await sql<{ name: string }>`select column_name as name from information_schema.columns where table_name = 'product_carats'`.execute(store.db)
        : await sql<{ name: string }>`select name from pragma_table_info('product_carats')`.execute(store.db)
    ).rows.map((r) => r.name);
    expect(columns).toContain('stock');
    expect(columns.length).toBeGreaterThan(10);
    for (const column of columns.filter((c) => c !== 'stock' && c !== 'pc_id')) {
      const was = await version();
      // Set to itself: the trigger fires on the column being written, whatever the value.
      await store.db
        .updateTable('product_carats')
        .set((eb) => ({ [column]: eb.ref(column as 'stock') }))
        .where('pc_id', '=', pc_id)
        .execute();
      expect({ column, moved: (await version()) !== was }).toEqual({ column, moved: true });
    }
    // An administrator's edit writes stock with the rest of the row: it moves.
    const was = await version();
    await store.db.updateTable('product_carats').set({ stock: 5, lead_time_days: null }).where('pc_id', '=', pc_id).execute();
    expect(await version()).not.toBe(was);
  });

  it('an order placed through the API leaves the version where it was', async () => {
    const product = await pieceOf(2);
    const shopper = await createUser(store);
    await stockShown(product.p_id);
    const before = await version();
    const res = await orderCod(store, shopper, { subtotal: 46484 }, { cartItems: [{ ...product.selection, quantity: 1 }] });
    expect(res.status).toBe(201);
    expect(await version()).toBe(before);
  });
});

describe('stock as shoppers see it', () => {
  it('a sale and a cancel made here show from the very next answer: the product, and the in-stock filter', async () => {
    const product = await pieceOf(1);
    const shopper = await createUser(store);
    // Answers kept before the sale (the product, the filtered listing).
    expect(await stockShown(product.p_id)).toBe(1);
    expect(await inStockListing(product.p_id)).toBe(true);

    const placed = await orderCod(store, shopper, { subtotal: 46484 }, { cartItems: [{ ...product.selection, quantity: 1 }] });
    expect(placed.status).toBe(201);
    expect(await stockShown(product.p_id)).toBe(0);
    expect(await inStockListing(product.p_id)).toBe(false);

    expect((await api('PUT', '/cancelorder', { o_id: placed.body.data.o_id }, shopper.auth)).status).toBe(200);
    expect(await stockShown(product.p_id)).toBe(1);
    expect(await inStockListing(product.p_id)).toBe(true);
  });

  it("another process's stock change shows within the lag it is promised, never later", async () => {
    // PostgreSQL's look multiplies pc_id: a key past 32-bit range once multiplied must not break it.
    if (testEngine === 'postgres') await sql`select setval(pg_get_serial_sequence('product_carats', 'pc_id'), 400000)`.execute(store.db);
    const product = await pieceOf(4);
    if (testEngine === 'postgres') expect(product.selection.pc_id).toBeGreaterThan(400000);
    expect(await stockShown(product.p_id)).toBe(4);
    expect(await inStockListing(product.p_id)).toBe(true);
    // A second connection stands for another instance (or a script): this process is not told.
    const other = openDatabase(store.config.database);
    try {
      await other.updateTable('product_carats').set({ stock: 0 }).where('pc_id', '=', product.selection.pc_id).execute();
    } finally {
      await other.destroy();
    }
    const changedAt = performance.now();
    let seenAfter = Infinity;
    while (performance.now() - changedAt < OTHER_STOCK_WRITERS_LAG_MS * 3) {
      if ((await stockShown(product.p_id)) === 0 && !(await inStockListing(product.p_id))) {
        seenAfter = performance.now() - changedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The background read starts on the first answer past the lag and lands a moment later.
    expect(seenAfter).toBeLessThan(OTHER_STOCK_WRITERS_LAG_MS + 500);
  });

  it("this process's own sales and cancels are not read again with every row (its look expects them); another process's change is", async () => {
    const product = await pieceOf(3);
    const shopper = await createUser(store);
    expect(await stockShown(product.p_id)).toBe(3);
    /** Whole-table reads once a look has begun (the first answer past the lag) and ended. */
    const afterLook = async () => {
      await new Promise((resolve) => setTimeout(resolve, OTHER_STOCK_WRITERS_LAG_MS + 50));
      await stockShown(product.p_id);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return wholeStockReads(store.db);
    };
    const before = await afterLook();
    const placed = await orderCod(store, shopper, { subtotal: 46484 }, { cartItems: [{ ...product.selection, quantity: 1 }] });
    expect(placed.status).toBe(201);
    expect(await stockShown(product.p_id)).toBe(2);
    expect(await afterLook()).toBe(before);
    expect((await api('PUT', '/cancelorder', { o_id: placed.body.data.o_id }, shopper.auth)).status).toBe(200);
    expect(await stockShown(product.p_id)).toBe(3);
    expect(await afterLook()).toBe(before);
    const other = openDatabase(store.config.database);
    try {
      await other.updateTable('product_carats').set({ stock: 1 }).where('pc_id', '=', product.selection.pc_id).execute();
    } finally {
      await other.destroy();
    }
    expect(await afterLook()).toBe(before + 1);
    expect(await stockShown(product.p_id)).toBe(1);
  });
});

describe('kept answers after a sale', () => {
  it('an answer is kept from its second asking; a sale makes again only the answers that show the sold product (and those filtered to pieces in stock)', async () => {
    const sold = await pieceOf(3);
    const other = await pieceOf(3);
    const made = { sold: 0, other: 0, inStock: 0, none: 0 };
    // cachedOk needs only the context's deps (HSTS or not).
    const c = { get: () => ({ config: { hsts: false } }) } as never;
    const ask = () =>
      Promise.all([
        cachedOk(c, store.db, 'test:sold', 'x', async () => ++made.sold, () => [sold.p_id]),
        cachedOk(c, store.db, 'test:other', 'x', async () => ++made.other, () => [other.p_id]),
        cachedOk(c, store.db, 'test:in-stock', 'x', async () => ++made.inStock, () => 'any'),
        cachedOk(c, store.db, 'test:no-stock', 'x', async () => ++made.none, () => []),
      ]);
    // An answer is kept from its second asking on (api/routes/catalogue/cache.ts).
    await ask();
    await ask();
    await ask();
    expect(made).toEqual({ sold: 2, other: 2, inStock: 2, none: 2 });
    await store.db.updateTable('product_carats').set({ stock: 2 }).where('pc_id', '=', sold.selection.pc_id).execute();
    await noteStockChange(store.db, [sold.selection.pc_id]);
    await ask();
    await ask();
    expect(made).toEqual({ sold: 3, other: 2, inStock: 3, none: 2 });
    // A change to the catalogue itself (a price) starts every answer afresh.
    await store.db.updateTable('product_carats').set({ inr_price: 4648500 }).where('pc_id', '=', other.selection.pc_id).execute();
    await ask();
    expect(made).toEqual({ sold: 4, other: 3, inStock: 4, none: 3 });
  });
});
