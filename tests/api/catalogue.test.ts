import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueRowsVersion, OTHER_WRITERS_LAG_MS, STALE_READ_MS } from '../../db/queries/catalogue-rows-version.ts';
import { contractCaller } from '../helpers/contract.ts';
import { createCarat, createCategory, createCoupon, createMaterial, createProduct, createSize } from '../helpers/catalogue.ts';
import { createTestStore, createUser, type TestStore } from '../helpers/store.ts';

let store: TestStore;

beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());

/** Calls the API and checks the answer against openapi.yaml. */
const api = contractCaller(() => store);

describe('reference lists', () => {
  it('GET /getcategory answers active categories to shoppers and all of them to administrators', async () => {
    const active = await createCategory(store, { cate_name: 'Aaa Rings' });
    const hidden = await createCategory(store, { cate_name: 'Aaa Hidden', cate_status: 0 });
    const shopper = await api('GET', '/getcategory');
    expect(shopper.status).toBe(200);
    expect(shopper.body.status).toBe(1);
    const ids = shopper.body.data.map((c: { cate_id: number }) => c.cate_id);
    expect(ids).toContain(active.cate_id);
    expect(ids).not.toContain(hidden.cate_id);

    const admin = await createUser(store, { u_type: '0' });
    const all = await api('GET', '/getcategory', undefined, admin.auth);
    const hiddenRow = all.body.data.find((c: { cate_id: number }) => c.cate_id === hidden.cate_id);
    expect(hiddenRow).toMatchObject({ cate_name: 'Aaa Hidden', cate_status: 0 });
  });

  it('GET /getcategory with a forged token is refused with 403', async () => {
    const res = await api('GET', '/getcategory', undefined, { Authorization: 'Bearer not.a.token' });
    expect(res.status).toBe(403);
    expect(res.body.status).toBe(0);
  });

  it('GET /getmaterials, /getcarat and /getsize list every row', async () => {
    const material = await createMaterial(store, 'Yellow Gold');
    const carat = await createCarat(store, '22K');
    const size = await createSize(store, 'Ring 12');
    const materials = await api('GET', '/getmaterials');
    expect(materials.body.data).toContainEqual({ m_id: material.m_id, name: 'Yellow Gold' });
    const carats = await api('GET', '/getcarat');
    expect(carats.body.data).toContainEqual({ carat_id: carat.carat_id, name: '22K' });
    const sizes = await api('GET', '/getsize');
    expect(sizes.body.data).toContainEqual({ size_id: size.size_id, size_name: 'Ring 12' });
  });
});

describe('POST /getproducts', () => {
  it('answers a category page newest first with the §3 product shape and the total count', async () => {
    const category = await createCategory(store);
    const material = await createMaterial(store, 'White Gold');
    const size = await createSize(store, '16');
    const carat = await createCarat(store, '18K');
    const older = await createProduct(store, { cate_id: category.cate_id, created_at: '2025-01-01 10:00:00' });
    const newer = await createProduct(store, {
      cate_id: category.cate_id,
      created_at: '2025-02-01 10:00:00',
      materials: [material.m_id],
      sizes: [size.size_id],
      carats: [{ carat_id: carat.carat_id, inr_price: 5234050, usd_price: 63099 }],
      media: [
        { file_name: 'a.webp', kind: 'image' },
        { file_name: 'b.mp4', kind: 'video' },
      ],
      key_points: ['BIS hallmarked', 'Free resizing'],
      is_bestseller: 1,
    });
    await createProduct(store, { cate_id: category.cate_id, p_status: 0 });

    const res = await api('POST', '/getproducts', { isReel: '0', page: 1, perPage: 12, cate_id: category.cate_id });
    expect(res.status).toBe(200);
    expect(res.body.data.totalCount).toBe(2);
    expect(res.body.data.productData.map((p: { p_id: number }) => p.p_id)).toEqual([newer.p_id, older.p_id]);
    expect(res.body.data.productData[0]).toMatchObject({
      p_id: newer.p_id,
      cate_id: category.cate_id,
      materials: [material.m_id],
      size: [size.size_id],
      key_points: ['BIS hallmarked', 'Free resizing'],
      is_bestseller: 1,
      isReel: 0,
      p_status: 1,
      createdAt: '2025-02-01T10:00:00Z',
      images: [
        { imageUrl: 'a.webp', type: 'image' },
        { imageUrl: 'b.mp4', type: 'video' },
      ],
      category: { cate_id: category.cate_id, cate_name: category.cate_name },
      productcarats: [{ carat_id: carat.carat_id, inr_price: 52340.5, usd_price: 630.99, carat: { carat_id: carat.carat_id, name: '18K' } }],
      materialDetails: [{ m_id: material.m_id, name: 'White Gold' }],
      sizeDetails: [{ size_id: size.size_id, size_name: '16' }],
    });
  });

  it('pages, and filters best sellers and reels', async () => {
    const category = await createCategory(store);
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(await createProduct(store, { cate_id: category.cate_id, created_at: `2025-03-0${i + 1} 10:00:00`, is_bestseller: i % 2, is_reel: i === 4 ? 1 : 0 }));
    }
    const page2 = await api('POST', '/getproducts', { page: 2, perPage: 2, cate_id: category.cate_id });
    expect(page2.body.data.totalCount).toBe(5);
    expect(page2.body.data.productData.map((p: { p_id: number }) => p.p_id)).toEqual([made[2].p_id, made[1].p_id]);
    const best = await api('POST', '/getproducts', { isReel: '0', is_bestseller: 1, page: 1, perPage: 4, cate_id: category.cate_id });
    expect(best.body.data.productData.map((p: { p_id: number }) => p.p_id)).toEqual([made[3].p_id, made[1].p_id]);
    const reels = await api('POST', '/getproducts', { isReel: 1, cate_id: category.cate_id });
    expect(reels.body.data.productData.map((p: { p_id: number }) => p.p_id)).toEqual([made[4].p_id]);
  });

  it('hides the products of an inactive category', async () => {
    const category = await createCategory(store, { cate_status: 0 });
    await createProduct(store, { cate_id: category.cate_id });
    const res = await api('POST', '/getproducts', { cate_id: category.cate_id });
    expect(res.body.data).toEqual({ productData: [], totalCount: 0 });
  });

  it.each([
    [{ page: 0 }, 'page must be a whole number, 1 or more.'],
    [{ page: 1.5 }, 'page must be a whole number, 1 or more.'],
    [{ perPage: 1000 }, 'perPage must be a whole number from 1 to 100.'],
    [{ page: 'abc' }, 'page must be a whole number, 1 or more.'],
    [{ cate_id: "1 OR 1=1" }, undefined],
    [{ isReel: 'yes' }, undefined],
  ])('refuses %j with 400', async (body, message) => {
    const res = await api('POST', '/getproducts', body);
    expect(res.status).toBe(400);
    expect(res.body.status).toBe(0);
    if (message) expect(res.body.description).toBe(message);
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await api('POST', '/getproducts', '{"page": 1,');
    expect(res.status).toBe(400);
    expect(res.body.description).toBe('The request body is not valid JSON.');
  });
});

describe('POST /getreelproducts', () => {
  it('answers reel products with isReel 1', async () => {
    const reel = await createProduct(store, { is_reel: 1, created_at: '2030-01-01 00:00:00' });
    await createProduct(store, { is_reel: 1, p_status: 0 });
    const res = await api('POST', '/getreelproducts', { isReel: 1 });
    expect(res.status).toBe(200);
    expect(res.body.data[0].p_id).toBe(reel.p_id);
    expect(res.body.data.every((p: { isReel: number; p_status: number }) => p.isReel === 1 && p.p_status === 1)).toBe(true);
  });

  it('searches name, category, material and description, case-insensitively', async () => {
    const category = await createCategory(store, { cate_name: 'Zircon Bangles' });
    const material = await createMaterial(store, 'Quartzite Gold');
    const byName = await createProduct(store, { name: 'Peacock Jhumka' });
    const byCategory = await createProduct(store, { cate_id: category.cate_id });
    const byMaterial = await createProduct(store, { materials: [material.m_id] });
    const byDescription = await createProduct(store, { description: 'A lotus motif in filigree' });
    await createProduct(store, { name: 'Peacock Hidden', p_status: 0 });
    const ids = async (search: string) =>
      (await api('POST', '/getreelproducts', { isReel: '0', search })).body.data.map((p: { p_id: number }) => p.p_id);
    expect(await ids('peacock')).toEqual([byName.p_id]);
    expect(await ids('ZIRCON')).toEqual([byCategory.p_id]);
    expect(await ids('quartzite')).toEqual([byMaterial.p_id]);
    expect(await ids('lotus motif')).toEqual([byDescription.p_id]);
    expect(await ids('')).toEqual([]);
  });

  it('treats SQL-looking text, wildcards and full-text syntax as plain words', async () => {
    const odd = await createProduct(store, { name: "Ring 100%_off 'xq' --" });
    const ids = async (search: string) => {
      const res = await api('POST', '/getreelproducts', { isReel: '0', search });
      expect(res.status).toBe(200);
      return res.body.data.map((p: { p_id: number }) => p.p_id);
    };
    expect(await ids("' OR 1=1 --")).toEqual([]);
    expect(await ids('%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
    expect(await ids('100%_off')).toEqual([odd.p_id]);
    expect(await ids("'xq' --")).toEqual([odd.p_id]);
    expect(await ids('"; DROP TABLE products; --')).toEqual([]);
    for (const syntax of ['"', 'xq*', 'NEAR(xq', 'xq AND', 'name:xq', '^xq', '{name} : xq', '(xq']) await ids(syntax);
    const still = await api('POST', '/getproducts', {});
    expect(still.body.data.totalCount).toBeGreaterThan(0);
  });

  it('refuses a huge search text with 400', async () => {
    const res = await api('POST', '/getreelproducts', { isReel: '0', search: 'x'.repeat(10_000) });
    expect(res.status).toBe(400);
    expect(res.body.description).toBe('Search text must be at most 100 characters.');
  });
});

describe('POST /getallproducts', () => {
  it('filters by categories, materials and price in the named currency', async () => {
    const rings = await createCategory(store);
    const chains = await createCategory(store);
    const rose = await createMaterial(store);
    const white = await createMaterial(store);
    const cheap = await createProduct(store, { cate_id: rings.cate_id, materials: [rose.m_id], carats: [{ inr_price: 1_000_000, usd_price: 12_000 }] });
    const dear = await createProduct(store, { cate_id: rings.cate_id, materials: [white.m_id], carats: [{ inr_price: 9_000_000, usd_price: 108_000 }] });
    const chain = await createProduct(store, {
      cate_id: chains.cate_id,
      materials: [rose.m_id, white.m_id],
      carats: [{ inr_price: 2_000_000, usd_price: 24_000 }, { inr_price: 5_000_000, usd_price: 60_000 }],
    });
    const list = async (filter: object) => {
      const res = await api('POST', '/getallproducts', { is_admin: 1, page: 1, perPage: 12, filter });
      expect(res.status).toBe(200);
      return res.body.data;
    };
    const byCategory = await list({ countryCode: 'inr_price', categories: [rings.cate_id] });
    expect(byCategory.totalCount).toBe(2);
    expect(byCategory.productData.map((p: { p_id: number }) => p.p_id).sort()).toEqual([cheap.p_id, dear.p_id].sort());
    const byMaterial = await list({ countryCode: 'inr_price', categories: [rings.cate_id, chains.cate_id], materials: [rose.m_id] });
    expect(byMaterial.productData.map((p: { p_id: number }) => p.p_id).sort()).toEqual([cheap.p_id, chain.p_id].sort());
    // Rupees: 15,000 to 60,000 holds the chain (its second carat) and nothing else.
    const byRupees = await list({ countryCode: 'inr_price', minPrice: 15000, maxPrice: 60000, categories: [rings.cate_id, chains.cate_id] });
    expect(byRupees.productData.map((p: { p_id: number }) => p.p_id)).toEqual([chain.p_id]);
    // Dollars: 1,000 to 1,100 holds only the dear ring.
    const byDollars = await list({ countryCode: 'usd_price', minPrice: '1000', maxPrice: 1100, categories: [rings.cate_id, chains.cate_id] });
    expect(byDollars.productData.map((p: { p_id: number }) => p.p_id)).toEqual([dear.p_id]);
    // Empty bounds (cleared number inputs) mean no bound.
    const unbounded = await list({ countryCode: 'inr_price', minPrice: '', maxPrice: null, categories: [chains.cate_id] });
    expect(unbounded.totalCount).toBe(1);
  });

  it('lists inactive products only for an administrator asking with is_admin 0, 10 per page', async () => {
    const category = await createCategory(store);
    const hidden = await createProduct(store, { cate_id: category.cate_id, p_status: 0 });
    const shown = await createProduct(store, { cate_id: category.cate_id });
    const body = { is_admin: 0, page: 1, filter: { categories: [category.cate_id] } };
    const visitor = await api('POST', '/getallproducts', body);
    expect(visitor.body.data.productData.map((p: { p_id: number }) => p.p_id)).toEqual([shown.p_id]);
    const shopper = await createUser(store);
    const asShopper = await api('POST', '/getallproducts', body, shopper.auth);
    expect(asShopper.body.data.totalCount).toBe(1);
    const admin = await createUser(store, { u_type: '0' });
    const asAdmin = await api('POST', '/getallproducts', body, admin.auth);
    expect(asAdmin.body.data.totalCount).toBe(2);
    expect(asAdmin.body.data.productData.find((p: { p_id: number }) => p.p_id === hidden.p_id).p_status).toBe(0);
    const adminPage = await api('POST', '/getallproducts', { is_admin: 0, page: 1 }, admin.auth);
    expect(adminPage.body.data.productData.length).toBeLessThanOrEqual(10);
  });

  it('lets an administrator search the list by name (case-insensitive, literal) and filter by status; shoppers are unaffected', async () => {
    const category = await createCategory(store);
    const ring = await createProduct(store, { cate_id: category.cate_id, name: 'Lotus 100% Gold Ring' });
    const hiddenRing = await createProduct(store, { cate_id: category.cate_id, name: 'lotus hidden ring', p_status: 0 });
    await createProduct(store, { cate_id: category.cate_id, name: 'Plain Bangle' });
    const admin = await createUser(store, { u_type: '0' });
    const ids = async (filter: Record<string, unknown>, auth: Record<string, string> = admin.auth) =>
      (await api('POST', '/getallproducts', { is_admin: 0, page: 1, filter: { categories: [category.cate_id], ...filter } }, auth)).body.data.productData.map((p: { p_id: number }) => p.p_id);
    expect(await ids({ name: 'LOTUS' })).toEqual([hiddenRing.p_id, ring.p_id]);
    expect(await ids({ name: 'lotus', p_status: 1 })).toEqual([ring.p_id]);
    expect(await ids({ name: 'lotus', p_status: '0' })).toEqual([hiddenRing.p_id]);
    expect(await ids({ name: '100%' })).toEqual([ring.p_id]);
    expect(await ids({ name: '_' })).toEqual([]);
    const counted = await api('POST', '/getallproducts', { is_admin: 0, page: 1, filter: { categories: [category.cate_id], p_status: 0 } }, admin.auth);
    expect(counted.body.data.totalCount).toBe(1);
    // A visitor's list ignores both: still every active product of the category.
    expect(await ids({ name: 'lotus', p_status: 0 }, {})).toHaveLength(2);
    const tooLong = await api('POST', '/getallproducts', { is_admin: 0, filter: { name: 'x'.repeat(101) } }, admin.auth);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.description).toBe('name: at most 100 characters.');
  });

  it.each([
    [{ filter: { countryCode: 'eur_price' } }, "countryCode must be 'inr_price' or 'usd_price'."],
    [{ filter: { minPrice: 'cheap' } }, 'Price must be a positive number.'],
    [{ filter: { minPrice: -5 } }, 'Price must be a positive number.'],
    [{ filter: { materials: '1,2' } }, 'materials must be a list of ids.'],
    [{ filter: { categories: ['x'] } }, undefined],
  ])('refuses %j with 400', async (body, message) => {
    const res = await api('POST', '/getallproducts', { is_admin: 1, page: 1, perPage: 12, ...body });
    expect(res.status).toBe(400);
    if (message) expect(res.body.description).toBe(message);
  });
});

describe('POST /getproductbyid', () => {
  it('answers an active product and 404 for an inactive or unknown one', async () => {
    const product = await createProduct(store);
    const res = await api('POST', '/getproductbyid', { p_id: product.p_id });
    expect(res.status).toBe(200);
    expect(res.body.data.p_id).toBe(product.p_id);
    expect(res.body.data.productcarats).toHaveLength(1);

    const hidden = await createProduct(store, { p_status: 0 });
    const gone = await api('POST', '/getproductbyid', { p_id: hidden.p_id });
    expect(gone.status).toBe(404);
    expect(gone.body.description).toBe('Product not found.');
    const unknown = await api('POST', '/getproductbyid', { p_id: 99_999_999 });
    expect(unknown.status).toBe(404);

    const admin = await createUser(store, { u_type: '0' });
    const asAdmin = await api('POST', '/getproductbyid', { p_id: String(hidden.p_id) }, admin.auth);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.data.p_status).toBe(0);
  });

  it('refuses a missing or malformed p_id with 400', async () => {
    expect((await api('POST', '/getproductbyid', {})).status).toBe(400);
    expect((await api('POST', '/getproductbyid', { p_id: -1 })).status).toBe(400);
    expect((await api('POST', '/getproductbyid', { p_id: '1; DROP TABLE products' })).status).toBe(400);
  });
});

describe('POST /getcoupon', () => {
  it('answers active coupons to the checkout and every coupon to an administrator', async () => {
    const active = await createCoupon(store, { discount_bp: 1250 });
    const inactive = await createCoupon(store, { c_status: 0 });
    const checkout = await api('POST', '/getcoupon', { is_admin: 1 });
    expect(checkout.body.data).toContainEqual({ coupon_name: active.coupon_name, discount: '12.5' });
    expect(checkout.body.data.map((c: { coupon_name: string }) => c.coupon_name)).not.toContain(inactive.coupon_name);

    const shopper = await createUser(store);
    const sneaky = await api('POST', '/getcoupon', { is_admin: 0 }, shopper.auth);
    expect(sneaky.body.data.map((c: { coupon_name: string }) => c.coupon_name)).not.toContain(inactive.coupon_name);

    const admin = await createUser(store, { u_type: '0' });
    const all = await api('POST', '/getcoupon', { is_admin: 0 }, admin.auth);
    expect(all.body.data).toContainEqual({ coupon_id: inactive.coupon_id, coupon_name: inactive.coupon_name, discount: '10', c_status: 0 });
  });
});

describe('answers reused until the database changes', () => {
  it('shows a change made through this process at once, and one made by another connection within the lag it allows', async () => {
    const category = await createCategory(store);
    const product = await createProduct(store, { cate_id: category.cate_id });
    const list = async () => (await api('POST', '/getproducts', { cate_id: category.cate_id })).body.data.productData.map((p: { p_id: number }) => p.p_id);
    const one = async () => (await api('POST', '/getproductbyid', { p_id: product.p_id })).status;
    expect(await list()).toEqual([product.p_id]);
    expect(await one()).toBe(200);
    await store.db.updateTable('products').set({ p_status: 0 }).where('p_id', '=', product.p_id).execute();
    expect(await list()).toEqual([]);
    expect(await one()).toBe(404);

    // Another connection (another process or API instance) reactivates it.
    const { openDatabase } = await import('../../db/connection.ts');
    const other = openDatabase(store.config.database);
    try {
      await other.updateTable('products').set({ p_status: 1, name: 'Renamed elsewhere' }).where('p_id', '=', product.p_id).execute();
    } finally {
      await other.destroy();
    }
    // At worst the last read answers while a newer one is made, up to STALE_READ_MS after it.
    await new Promise((resolve) => setTimeout(resolve, STALE_READ_MS + 5));
    expect(await list()).toEqual([product.p_id]);
    expect((await api('POST', '/getproductbyid', { p_id: product.p_id })).body.data.name).toBe('Renamed elsewhere');
  });

  it("past the lag, the last read answers while a newer one is made behind it, which the next call has", async () => {
    const category = await createCategory(store);
    const before = await catalogueRowsVersion(store.db);
    const { openDatabase } = await import('../../db/connection.ts');
    const other = openDatabase(store.config.database);
    try {
      await other.updateTable('categories').set({ cate_name: 'Renamed elsewhere' }).where('cate_id', '=', category.cate_id).execute();
    } finally {
      await other.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, OTHER_WRITERS_LAG_MS + 5));
    // Older than the lag, younger than STALE_READ_MS: answered at once, a read begun behind it.
    expect(await catalogueRowsVersion(store.db)).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(Number(await catalogueRowsVersion(store.db))).toBeGreaterThan(Number(before));
  });
});
