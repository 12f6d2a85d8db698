/**
 * Small catalogue factories for tests: each call makes fresh rows with unique
 * names and answers their ids, so tests never share ids.
 */

import type { DB } from '../../db/connection.ts';

let counter = 0;
const next = () => ++counter;

type HasDb = { db: DB };

export async function createCategory(store: HasDb, overrides: { cate_name?: string; cate_status?: number } = {}) {
  const n = next();
  const row = await store.db
    .insertInto('categories')
    .values({ cate_name: overrides.cate_name ?? `Category ${n}`, cate_image: `category-${n}.webp`, cate_status: overrides.cate_status ?? 1 })
    .returning(['cate_id', 'cate_name'])
    .executeTakeFirstOrThrow();
  return row;
}

export async function createMaterial(store: HasDb, name?: string) {
  const n = next();
  return store.db.insertInto('materials').values({ name: name ?? `Material ${n}` }).returning(['m_id', 'name']).executeTakeFirstOrThrow();
}

export async function createSize(store: HasDb, size_name?: string) {
  const n = next();
  return store.db.insertInto('sizes').values({ size_name: size_name ?? `Size ${n}` }).returning(['size_id', 'size_name']).executeTakeFirstOrThrow();
}

export async function createCarat(store: HasDb, name?: string) {
  const n = next();
  return store.db.insertInto('carats').values({ name: name ?? `Carat ${n}` }).returning(['carat_id', 'name']).executeTakeFirstOrThrow();
}

/** The rows a product form names besides its carats: a category, a material and a size. */
export interface FormChoices {
  cate_id: number;
  m_id: number;
  size_id: number;
}

export async function createFormChoices(store: HasDb): Promise<FormChoices> {
  return { cate_id: (await createCategory(store)).cate_id, m_id: (await createMaterial(store)).m_id, size_id: (await createSize(store)).size_id };
}

/** The 22K and 18K carats a store's metal rates price, and the choices of a product form. */
export async function createPricingCatalogue(store: HasDb) {
  const k22 = (await createCarat(store, '22K')).carat_id;
  const k18 = (await createCarat(store, '18K')).carat_id;
  return { k22, k18, choices: await createFormChoices(store) };
}

export interface ProductOptions {
  name?: string;
  cate_id?: number;
  description?: string;
  p_status?: number;
  is_bestseller?: number;
  is_reel?: number;
  created_at?: string;
  /** Prices in minor units (paise, cents); one carat row each. Default one row of ₹1,000.50 / $12.25. */
  carats?: { carat_id?: number; inr_price?: number; usd_price?: number }[];
  /** Material ids; default one new material. */
  materials?: number[];
  /** Size ids; default one new size. Pass [] for a product without sizes. */
  sizes?: number[];
  media?: { file_name: string; kind: 'image' | 'video' }[];
  key_points?: string[];
}

/**
 * A product with its carats, materials, sizes, media and key points. Answers
 * the ids a cart selection needs (the first carat, material and size).
 */
export async function createProduct(store: HasDb, options: ProductOptions = {}) {
  const n = next();
  const cate_id = options.cate_id ?? (await createCategory(store)).cate_id;
  const materials = options.materials ?? [(await createMaterial(store)).m_id];
  const sizes = options.sizes ?? [(await createSize(store)).size_id];
  const caratRows = options.carats ?? [{}];
  const carats = [];
  for (const c of caratRows) carats.push({ ...c, carat_id: c.carat_id ?? (await createCarat(store)).carat_id });
  const { p_id } = await store.db
    .insertInto('products')
    .values({
      name: options.name ?? `Product ${n}`,
      cate_id,
      description: options.description ?? `Description of product ${n}`,
      specifications: `Specifications of product ${n}`,
      offer: '10% off making charges',
      is_bestseller: options.is_bestseller ?? 0,
      is_reel: options.is_reel ?? 0,
      p_status: options.p_status ?? 1,
      ...(options.created_at ? { created_at: options.created_at } : {}),
    })
    .returning('p_id')
    .executeTakeFirstOrThrow();
  const pcRows = await store.db
    .insertInto('product_carats')
    .values(
      carats.map((c, position) => ({
        p_id,
        carat_id: c.carat_id,
        inr_price: c.inr_price ?? 100050,
        usd_price: c.usd_price ?? 1225,
        position,
      })),
    )
    .returning(['pc_id', 'carat_id', 'inr_price', 'usd_price'])
    .execute();
  if (materials.length) {
    await store.db.insertInto('product_materials').values(materials.map((m_id, position) => ({ p_id, m_id, position }))).execute();
  }
  if (sizes.length) {
    await store.db.insertInto('product_sizes').values(sizes.map((size_id, position) => ({ p_id, size_id, position }))).execute();
  }
  const media = options.media ?? [{ file_name: `product-${n}.webp`, kind: 'image' as const }];
  if (media.length) {
    await store.db.insertInto('product_media').values(media.map((m, position) => ({ p_id, ...m, position }))).execute();
  }
  const keyPoints = options.key_points ?? ['Hallmarked gold'];
  if (keyPoints.length) {
    await store.db.insertInto('product_key_points').values(keyPoints.map((text, position) => ({ p_id, text, position }))).execute();
  }
  return {
    p_id,
    cate_id,
    carats: pcRows,
    materials,
    sizes,
    /** The default selection for a cart or wishlist line. */
    selection: {
      p_id,
      cate_id,
      pc_id: pcRows[0].pc_id,
      carat_id: pcRows[0].carat_id,
      m_id: materials[0],
      size_id: sizes[0] ?? null,
    },
  };
}

/** A coupon; `discount_bp` in basis points (10% = 1000). */
export async function createCoupon(store: HasDb, options: { coupon_name?: string; discount_bp?: number; c_status?: number } = {}) {
  const n = next();
  return store.db
    .insertInto('coupons')
    .values({ coupon_name: options.coupon_name ?? `SAVE${n}`, discount_bp: options.discount_bp ?? 1000, c_status: options.c_status ?? 1 })
    .returning(['coupon_id', 'coupon_name', 'discount_bp', 'c_status'])
    .executeTakeFirstOrThrow();
}
