import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractCaller } from '../helpers/contract.ts';
import { createCarat, createCategory, createMaterial, createProduct, createSize } from '../helpers/catalogue.ts';
import { createTestStore, createUser, signToken, type TestStore } from '../helpers/store.ts';
import { placeCodOrder } from '../helpers/orders.ts';

let store: TestStore;

beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());

const api = contractCaller(() => store);

async function cartRows(u_id: number) {
  return store.db.selectFrom('cart_items').selectAll().where('u_id', '=', u_id).execute();
}

describe('cart', () => {
  it('adds a selection, raises the quantity for the same selection, and lists it with its product', async () => {
    const shopper = await createUser(store);
    const product = await createProduct(store);
    const first = await api('POST', '/createcart', { u_id: shopper.u_id, ...product.selection, quantity: 1 }, shopper.auth);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 1, description: 'Product added to cart successfully' });
    const again = await api('POST', '/createcart', { u_id: shopper.u_id, ...product.selection, quantity: '2' }, shopper.auth);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ c_id: first.body.data.c_id, quantity: 3 });

    const cart = await api('GET', `/getcart/${shopper.u_id}`, undefined, shopper.auth);
    expect(cart.status).toBe(200);
    expect(cart.body.data).toHaveLength(1);
    expect(cart.body.data[0]).toMatchObject({
      c_id: first.body.data.c_id,
      u_id: shopper.u_id,
      ...product.selection,
      quantity: 3,
      available: true,
      inr_price: 1000.5,
      usd_price: 12.25,
      product: { p_id: product.p_id },
    });
  });

  it('stores the product\'s own category, whatever cate_id the client sends', async () => {
    const shopper = await createUser(store);
    const product = await createProduct(store);
    const other = await createCategory(store);
    await api('POST', '/createcart', { ...product.selection, cate_id: other.cate_id }, shopper.auth);
    expect((await cartRows(shopper.u_id))[0].cate_id).toBe(product.cate_id);
  });

  it('takes a size of null only for a product without sizes', async () => {
    const shopper = await createUser(store);
    const sizeless = await createProduct(store, { sizes: [] });
    const res = await api('POST', '/createcart', { ...sizeless.selection, size_id: null }, shopper.auth);
    expect(res.status).toBe(201);
    const sized = await createProduct(store);
    const refused = await api('POST', '/createcart', { ...sized.selection, size_id: null }, shopper.auth);
    expect(refused.status).toBe(400);
    expect(refused.body.description).toBe('Please select a size.');
  });

  it('updates the quantity and removes a line', async () => {
    const shopper = await createUser(store);
    const product = await createProduct(store);
    const added = await api('POST', '/createcart', product.selection, shopper.auth);
    const c_id = added.body.data.c_id;
    const updated = await api('PUT', '/updatecart', { c_id, quantity: 4 }, shopper.auth);
    expect(updated.status).toBe(200);
    expect(updated.body.description).toBe('Quantity updated');
    expect((await cartRows(shopper.u_id))[0].quantity).toBe(4);
    const removed = await api('DELETE', '/removecart', { c_id, u_id: shopper.u_id }, shopper.auth);
    expect(removed.status).toBe(200);
    expect(removed.body.description).toBe('Item removed from cart');
    expect(await cartRows(shopper.u_id)).toHaveLength(0);
    const twice = await api('DELETE', '/removecart', { c_id, u_id: shopper.u_id }, shopper.auth);
    expect(twice.status).toBe(404);
  });

  describe('refuses, changing nothing', () => {
    it.each([
      ['0', 0, 'Quantity must be at least 1.'],
      ['negative', -2, 'Quantity must be at least 1.'],
      ['fractional', 1.5, 'Quantity must be a whole number.'],
      ['fractional text', '2.5', 'Quantity must be a whole number.'],
      ['text', 'two', 'Quantity must be a whole number.'],
      ['a list', [1], 'Quantity must be a whole number.'],
      ['too many', 100, 'Quantity must be at most 99.'],
    ])('a quantity that is %s', async (_label, quantity, message) => {
      const shopper = await createUser(store);
      const product = await createProduct(store);
      const res = await api('POST', '/createcart', { ...product.selection, quantity }, shopper.auth);
      expect(res.status).toBe(400);
      expect(res.body.description).toBe(message);
      expect(await cartRows(shopper.u_id)).toHaveLength(0);

      await api('POST', '/createcart', product.selection, shopper.auth);
      const [line] = await cartRows(shopper.u_id);
      const update = await api('PUT', '/updatecart', { c_id: line.c_id, quantity }, shopper.auth);
      expect(update.status).toBe(400);
      expect((await cartRows(shopper.u_id))[0].quantity).toBe(1);
    });

    it('a carat entry, carat, material or size that is not the product\'s', async () => {
      const shopper = await createUser(store);
      const product = await createProduct(store);
      const other = await createProduct(store);
      const strangerMaterial = await createMaterial(store);
      const strangerSize = await createSize(store);
      const strangerCarat = await createCarat(store);
      const cases: [object, string][] = [
        [{ pc_id: other.selection.pc_id }, 'This carat is not offered for this product.'],
        [{ carat_id: strangerCarat.carat_id }, 'This carat is not offered for this product.'],
        [{ m_id: strangerMaterial.m_id }, 'This material is not offered for this product.'],
        [{ size_id: strangerSize.size_id }, 'This size is not offered for this product.'],
      ];
      for (const [change, message] of cases) {
        for (const url of ['/createcart', '/createwishlist']) {
          const res = await api('POST', url, { ...product.selection, ...change }, shopper.auth);
          expect(res.status, `${url} ${JSON.stringify(change)}`).toBe(400);
          expect(res.body.description).toBe(message);
        }
      }
      expect(await cartRows(shopper.u_id)).toHaveLength(0);
    });

    it('an inactive product, a product of an inactive category, or an unknown one', async () => {
      const shopper = await createUser(store);
      const inactive = await createProduct(store, { p_status: 0 });
      const hiddenCategory = await createCategory(store, { cate_status: 0 });
      const inHidden = await createProduct(store, { cate_id: hiddenCategory.cate_id });
      for (const selection of [inactive.selection, inHidden.selection, { ...inactive.selection, p_id: 99_999_999 }]) {
        const res = await api('POST', '/createcart', selection, shopper.auth);
        expect(res.status).toBe(404);
        expect(res.body.description).toBe('This product is not available.');
      }
      expect(await cartRows(shopper.u_id)).toHaveLength(0);
    });

    it('another user\'s u_id in a path or body (403)', async () => {
      const owner = await createUser(store);
      const intruder = await createUser(store);
      const product = await createProduct(store);
      const added = await api('POST', '/createcart', product.selection, owner.auth);
      const c_id = added.body.data.c_id;
      const attempts = [
        await api('GET', `/getcart/${owner.u_id}`, undefined, intruder.auth),
        await api('POST', '/createcart', { ...product.selection, u_id: owner.u_id }, intruder.auth),
        await api('PUT', '/updatecart', { c_id, quantity: 5, u_id: owner.u_id }, intruder.auth),
        await api('DELETE', '/removecart', { c_id, u_id: owner.u_id }, intruder.auth),
        await api('GET', `/getwishlist/${owner.u_id}`, undefined, intruder.auth),
        await api('POST', '/createwishlist', { ...product.selection, u_id: owner.u_id }, intruder.auth),
        await api('DELETE', '/removewishlist', { w_id: 1, u_id: owner.u_id }, intruder.auth),
      ];
      for (const res of attempts) {
        expect(res.status).toBe(403);
        expect(res.body.status).toBe(0);
      }
      // Naming only the line (no u_id) finds nothing of the intruder's.
      const byLine = await api('PUT', '/updatecart', { c_id, quantity: 5 }, intruder.auth);
      expect(byLine.status).toBe(404);
      const byLineRemove = await api('DELETE', '/removecart', { c_id, u_id: intruder.u_id }, intruder.auth);
      expect(byLineRemove.status).toBe(404);
      const rows = await cartRows(owner.u_id);
      expect(rows).toHaveLength(1);
      expect(rows[0].quantity).toBe(1);
    });

    it('no token, a forged token and an expired token (403, even with a bad body)', async () => {
      const shopper = await createUser(store);
      const product = await createProduct(store);
      const forged = await signToken(shopper.u_id);
      const expired = await signToken(shopper.u_id, { key: store.config.jwtSecret, issuedAt: Math.floor(Date.now() / 1000) - 7200, expiresAt: Math.floor(Date.now() / 1000) - 3600 });
      for (const headers of [{}, { Authorization: `Bearer ${forged}` }, { Authorization: `Bearer ${expired}` }] as Record<string, string>[]) {
        expect((await api('POST', '/createcart', product.selection, headers)).status).toBe(403);
        expect((await api('POST', '/createcart', { nonsense: true }, headers)).status).toBe(403);
        expect((await api('GET', `/getcart/${shopper.u_id}`, undefined, headers)).status).toBe(403);
        expect((await api('PUT', '/updatecart', { c_id: 1, quantity: 1 }, headers)).status).toBe(403);
        expect((await api('DELETE', '/removecart', { c_id: 1, u_id: shopper.u_id }, headers)).status).toBe(403);
        expect((await api('POST', '/createwishlist', product.selection, headers)).status).toBe(403);
        expect((await api('GET', `/getwishlist/${shopper.u_id}`, undefined, headers)).status).toBe(403);
        expect((await api('DELETE', '/removewishlist', { w_id: 1, u_id: shopper.u_id }, headers)).status).toBe(403);
      }
      expect(await cartRows(shopper.u_id)).toHaveLength(0);
    });

    it('malformed JSON, wrong types and a bad path id (400)', async () => {
      const shopper = await createUser(store);
      const product = await createProduct(store);
      expect((await api('POST', '/createcart', '{"p_id":', shopper.auth)).status).toBe(400);
      expect((await api('POST', '/createcart', { ...product.selection, p_id: { $gt: 0 } }, shopper.auth)).status).toBe(400);
      expect((await api('POST', '/createcart', { ...product.selection, m_id: "1' OR '1'='1" }, shopper.auth)).status).toBe(400);
      expect((await api('GET', '/getcart/abc', undefined, shopper.auth)).status).toBe(400);
      expect((await api('PUT', '/updatecart', { c_id: 'x'.repeat(100_000), quantity: 1 }, shopper.auth)).status).toBe(400);
      expect(await cartRows(shopper.u_id)).toHaveLength(0);
    });
  });

  it('refuses to raise a line past 99 pieces, the line left as it was, and raises it up to 99', async () => {
    const shopper = await createUser(store);
    const product = await createProduct(store, { sizes: [] });
    const selection = { ...product.selection, size_id: null };
    const first = await api('POST', '/createcart', { ...selection, quantity: 60 }, shopper.auth);
    expect(first.status).toBe(201);
    const refused = await api('POST', '/createcart', { ...selection, quantity: 40 }, shopper.auth);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ status: 0, description: 'You can have at most 99 of one item in your cart.', data: null });
    expect((await cartRows(shopper.u_id)).map((l) => l.quantity)).toEqual([60]);
    const raised = await api('POST', '/createcart', { ...selection, quantity: 39 }, shopper.auth);
    expect(raised.status).toBe(200);
    expect(raised.body.data).toEqual({ c_id: first.body.data.c_id, quantity: 99 });
    expect((await cartRows(shopper.u_id)).map((l) => l.quantity)).toEqual([99]);
  });

  it('lets an administrator read a shopper\'s cart', async () => {
    const shopper = await createUser(store);
    const admin = await createUser(store, { u_type: '0' });
    const product = await createProduct(store);
    await api('POST', '/createcart', product.selection, shopper.auth);
    const res = await api('GET', `/getcart/${shopper.u_id}`, undefined, admin.auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
  });

  it('shows each line\'s product as the catalogue shows it now: its stock after a sale made here, its price after an edit', async () => {
    const shopper = await createUser(store);
    const buyer = await createUser(store);
    const product = await createProduct(store, { carats: [{ inr_price: 100000, usd_price: 1200 }] });
    await store.db.updateTable('product_carats').set({ stock: 3 }).where('pc_id', '=', product.selection.pc_id).execute();
    await api('POST', '/createcart', product.selection, shopper.auth);
    const shown = async () => (await api('GET', `/getcart/${shopper.u_id}`, undefined, shopper.auth)).body.data[0];
    expect((await shown()).product.productcarats[0].stock).toBe(3);
    // Another shopper buys one: the cart's view of the product (kept with the catalogue's) says so at once.
    expect((await placeCodOrder(store, buyer, { subtotal: 2000 }, { cartItems: [{ ...product.selection, quantity: 2 }] })) > 0).toBe(true);
    expect((await shown()).product.productcarats[0]).toMatchObject({ pc_id: product.selection.pc_id, stock: 1, inr_price: 1000 });
    // A price changed moves the catalogue's version: the line and its product show the new price.
    await store.db.updateTable('product_carats').set({ inr_price: 150000 }).where('pc_id', '=', product.selection.pc_id).execute();
    const line = await shown();
    expect(line.inr_price).toBe(1500);
    expect(line.product.productcarats[0]).toMatchObject({ stock: 1, inr_price: 1500 });
  });

  it('marks a line unavailable once its product is withdrawn', async () => {
    const shopper = await createUser(store);
    const product = await createProduct(store);
    await api('POST', '/createcart', product.selection, shopper.auth);
    await store.db.updateTable('products').set({ p_status: 0 }).where('p_id', '=', product.p_id).execute();
    const res = await api('GET', `/getcart/${shopper.u_id}`, undefined, shopper.auth);
    expect(res.body.data[0].available).toBe(false);
  });
});

describe('wishlist', () => {
  it('adds once, lists with the product and removes', async () => {
    const shopper = await createUser(store);
    const product = await createProduct(store);
    const added = await api('POST', '/createwishlist', { u_id: shopper.u_id, ...product.selection }, shopper.auth);
    expect(added.status).toBe(201);
    expect(added.body.description).toBe('Item Added To Wishlist');
    const again = await api('POST', '/createwishlist', { u_id: shopper.u_id, ...product.selection }, shopper.auth);
    expect(again.status).toBe(200);
    expect(again.body.data.w_id).toBe(added.body.data.w_id);

    const list = await api('GET', `/getwishlist/${shopper.u_id}`, undefined, shopper.auth);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ w_id: added.body.data.w_id, ...product.selection, product: { p_id: product.p_id } });

    const removed = await api('DELETE', '/removewishlist', { w_id: added.body.data.w_id, u_id: shopper.u_id }, shopper.auth);
    expect(removed.status).toBe(200);
    expect((await api('GET', `/getwishlist/${shopper.u_id}`, undefined, shopper.auth)).body.data).toEqual([]);
    const twice = await api('DELETE', '/removewishlist', { w_id: added.body.data.w_id, u_id: shopper.u_id }, shopper.auth);
    expect(twice.status).toBe(404);
  });
});
