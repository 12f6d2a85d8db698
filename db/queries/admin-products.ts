/**
 * Back-office writes of products: insert, edit, activate/deactivate, delete.
 *
 * The product rules live here, inside the transaction that writes (BEGIN
 * IMMEDIATE), so no two requests can interleave between check and write:
 * - everything a product names (category, materials, sizes, carats) exists;
 * - a carat is priced once per product;
 * - a product keeps between 1 and MAX_PRODUCT_MEDIA images or videos.
 * Category, materials and sizes may change while editing (issue 33, over
 * backoffice.md's older screen). Shoppers' cart and wishlist lines keep what
 * they chose: a line naming a material or size the product no longer offers
 * shows as no longer available (db/queries/cart.ts) and cannot be ordered,
 * and comes back if the choice is offered again.
 * A refusal is thrown as a DomainError, which rolls the transaction back.
 *
 * Prices arrive here already in minor units (paise, cents).
 */

import { secondAfter } from '../../rules/csv.ts';
import { invalidError, notFoundError } from '../../rules/errors.ts';
import { recordChange } from '../audit.ts';
import type { DB } from '../connection.ts';
import { getProduct } from './catalogue.ts';
import { type MakingType, piecePriceProblem, piecePricesOk, priceRow } from '../../rules/pricing.ts';
import { namedNowhere } from './admin-media.ts';
import { ratesForPricing } from './metal-rates.ts';
import { utcTimestamp } from '../time.ts';
import { writeTransaction } from '../transaction.ts';
import { enqueueWebhooks } from './webhooks.ts';
import type { NonReturnableKind } from '../../rules/shop-policy.ts';

/** Images and videos one product may have. */
export const MAX_PRODUCT_MEDIA = 10;

/** A carat row as the back office sends it: fixed prices (minor units) or what the metal rate prices. */
export type CaratPriceInput = { carat_id: number; stock: number | null; lead_time_days: number | null; net_weight_mg: number | null } & (
  | { pricing: 'fixed'; inr_price: number; usd_price: number }
  | { pricing: 'rate'; net_weight_mg: number; making_type: MakingType; making_value: number; stone_value: number }
);
export type CaratPrice = CaratPriceInput;

export interface MediaFile {
  file_name: string;
  kind: 'image' | 'video';
}

/** What an administrator may change on an existing product. */
export interface ProductDetails {
  name: string;
  description: string;
  specifications: string;
  offer: string;
  is_bestseller: 0 | 1;
  is_reel: 0 | 1;
  /** The shop policy's return flags (issue 36): the partial-refund collection, and the kind that is not returnable (null: returnable). */
  partial_refund?: 0 | 1;
  non_returnable?: NonReturnableKind | null;
  key_points: string[];
  carats: CaratPrice[];
}

export interface NewProduct extends ProductDetails {
  cate_id: number;
  materials: number[];
  sizes: number[];
  media: MediaFile[];
}

/** What a product is offered as; each one given replaces the stored one. */
export interface ProductOptions {
  cate_id?: number;
  materials?: number[];
  sizes?: number[];
}

export interface ProductEdit {
  /** Only the details given are changed. */
  details: Partial<ProductDetails>;
  options: ProductOptions;
  /** Existing file names to keep, in their new order; undefined keeps them all as they are. */
  keepMedia?: string[];
  /** New files, placed after the kept ones. */
  newMedia: MediaFile[];
}

const unique = (ids: number[]) => [...new Set(ids)];
const sameSet = (a: number[], b: number[]) => {
  const left = unique(a);
  const right = new Set(b);
  return left.length === right.size && left.every((id) => right.has(id));
};

/** Refuses ids that do not exist, naming the first one. */
async function assertExist(trx: DB, table: 'materials' | 'sizes' | 'carats', column: 'm_id' | 'size_id' | 'carat_id', ids: number[], label: string) {
  if (ids.length === 0) return;
  const rows = await (trx as unknown as import('kysely').Kysely<any>).selectFrom(table).select(column).where(column, 'in', unique(ids)).execute();
  const found = new Set(rows.map((r: Record<string, number>) => r[column]));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw invalidError(`${label} ${missing} does not exist.`);
}

function assertCaratsOnce(carats: CaratPrice[]) {
  if (new Set(carats.map((c) => c.carat_id)).size !== carats.length) throw invalidError('A carat may be chosen only once per product.');
}

function assertMediaCount(count: number) {
  if (count === 0) throw invalidError('Please select at least one image or video.');
  if (count > MAX_PRODUCT_MEDIA) throw invalidError(`A product can have at most ${MAX_PRODUCT_MEDIA} images or videos.`);
}

async function writeKeyPoints(trx: DB, p_id: number, key_points: string[]) {
  await trx.deleteFrom('product_key_points').where('p_id', '=', p_id).execute();
  if (key_points.length) {
    await trx.insertInto('product_key_points').values(key_points.map((text, position) => ({ p_id, text, position }))).execute();
  }
}

async function writeMedia(trx: DB, p_id: number, media: MediaFile[]) {
  await trx.deleteFrom('product_media').where('p_id', '=', p_id).execute();
  await trx.insertInto('product_media').values(media.map((m, position) => ({ p_id, ...m, position }))).execute();
}

/**
 * Sets a product's carat prices. Rows are matched by carat so a carat that
 * stays keeps its pc_id (shoppers' cart and wishlist lines point at it); a
 * carat no longer priced is removed, and with it the lines that chose it.
 */
async function writeCarats(trx: DB, p_id: number, carats: CaratPrice[]) {
  const current = await trx.selectFrom('product_carats').select(['pc_id', 'carat_id']).where('p_id', '=', p_id).execute();
  const wanted = new Set(carats.map((c) => c.carat_id));
  const gone = current.filter((row) => !wanted.has(row.carat_id)).map((row) => row.pc_id);
  if (gone.length) await trx.deleteFrom('product_carats').where('pc_id', 'in', gone).execute();
  const existing = new Map(current.map((row) => [row.carat_id, row.pc_id]));
  const rates = carats.some((c) => c.pricing === 'rate') ? await ratesForPricing(trx) : undefined;
  for (const [position, carat] of carats.entries()) {
    const pc_id = existing.get(carat.carat_id);
    const values = { ...(await caratValues(trx, carat, rates)), position };
    if (pc_id === undefined) await trx.insertInto('product_carats').values({ p_id, carat_id: carat.carat_id, ...values }).execute();
    else await trx.updateTable('product_carats').set(values).where('pc_id', '=', pc_id).execute();
  }
}

async function caratName(trx: DB, carat_id: number): Promise<string> {
  return (await trx.selectFrom('carats').select('name').where('carat_id', '=', carat_id).executeTakeFirst())?.name ?? `carat ${carat_id}`;
}

/**
 * The stored columns of one carat row: a rate row is priced here, at the day's rate of
 * its carat. Refused when its price is not one a piece may have (rules/pricing.ts
 * MAX_PIECE_PRICE), so no row is written past the bound.
 */
async function caratValues(trx: DB, carat: CaratPrice, rates: Awaited<ReturnType<typeof ratesForPricing>> | undefined) {
  const common = { stock: carat.stock, lead_time_days: carat.lead_time_days, net_weight_mg: carat.net_weight_mg };
  if (carat.pricing === 'fixed') {
    // The API's fields refuse these first (CARAT_ROW_MESSAGES inrOverMax, usdOverMax); this keeps every write within the bound.
    if (!piecePricesOk(carat)) throw invalidError(piecePriceProblem(`This ${await caratName(trx, carat.carat_id)} row`, carat)!);
    return { ...common, pricing: 'fixed' as const, inr_price: carat.inr_price, usd_price: carat.usd_price, making_type: null, making_value: null, stone_value: null, rate_per_gram: null, rate_at: null };
  }
  const rate = rates?.rateOf.get(carat.carat_id);
  if (!rate || !rates?.usd_inr) {
    throw invalidError(`No rate is set for ${await caratName(trx, carat.carat_id)} yet. Set it under Metal Rates first, or give this row a fixed price.`);
  }
  const priced = priceRow({ netWeightMg: carat.net_weight_mg, makingType: carat.making_type, makingValue: carat.making_value, stoneValue: carat.stone_value }, rate.rate, rates.usd_inr);
  if (!piecePricesOk(priced)) {
    const problem = piecePriceProblem(`At today's ${await caratName(trx, carat.carat_id)} rate this row`, priced);
    throw invalidError(`${problem} Lower its net weight, making charge or stone value, or give it a fixed price.`);
  }
  return {
    ...common,
    pricing: 'rate' as const,
    inr_price: priced.inr_price,
    usd_price: priced.usd_price,
    making_type: carat.making_type,
    making_value: carat.making_value,
    stone_value: carat.stone_value,
    rate_per_gram: rate.rate,
    rate_at: rate.at,
  };
}

async function assertCategoryExists(trx: DB, cate_id: number) {
  const category = await trx.selectFrom('categories').select('cate_id').where('cate_id', '=', cate_id).executeTakeFirst();
  if (!category) throw invalidError('This category does not exist.');
}

/**
 * Writes the category, materials and sizes given that differ from the stored
 * ones; a list is stored in the order given. A new category is written on the
 * product's cart and wishlist lines too, which record it beside their choice.
 */
async function writeOptions(trx: DB, p_id: number, stored: { cate_id: number }, options: ProductOptions) {
  if (options.cate_id !== undefined && options.cate_id !== stored.cate_id) {
    await assertCategoryExists(trx, options.cate_id);
    await trx.updateTable('products').set({ cate_id: options.cate_id }).where('p_id', '=', p_id).execute();
    await trx.updateTable('cart_items').set({ cate_id: options.cate_id }).where('p_id', '=', p_id).execute();
    await trx.updateTable('wishlist_items').set({ cate_id: options.cate_id }).where('p_id', '=', p_id).execute();
  }
  if (options.materials !== undefined) {
    const materials = unique(options.materials);
    const current = await trx.selectFrom('product_materials').select('m_id').where('p_id', '=', p_id).execute();
    if (!sameSet(materials, current.map((m) => m.m_id))) {
      await assertExist(trx, 'materials', 'm_id', materials, 'Material');
      await trx.deleteFrom('product_materials').where('p_id', '=', p_id).execute();
      if (materials.length) await trx.insertInto('product_materials').values(materials.map((m_id, position) => ({ p_id, m_id, position }))).execute();
    }
  }
  if (options.sizes !== undefined) {
    const sizes = unique(options.sizes);
    const current = await trx.selectFrom('product_sizes').select('size_id').where('p_id', '=', p_id).execute();
    if (!sameSet(sizes, current.map((s) => s.size_id))) {
      await assertExist(trx, 'sizes', 'size_id', sizes, 'Size');
      await trx.deleteFrom('product_sizes').where('p_id', '=', p_id).execute();
      if (sizes.length) await trx.insertInto('product_sizes').values(sizes.map((size_id, position) => ({ p_id, size_id, position }))).execute();
    }
  }
}

/**
 * A product as the audit trail keeps it: its fields in the API's words and units (rupees,
 * dollars, grams), names rather than ids, and each carat row's fields apart ("22K.inr_price"),
 * so an edit records only what changed.
 */
async function audited(trx: DB, p_id: number): Promise<Record<string, unknown>> {
  const product = await getProduct(trx, p_id, { includeInactive: true });
  if (!product) return {};
  const values: Record<string, unknown> = {
    name: product.name,
    category: product.category.cate_name,
    description: product.description,
    specifications: product.specifications,
    offer: product.offer,
    materials: product.materialDetails.map((m) => m.name),
    size: product.sizeDetails.map((s) => s.size_name),
    key_points: product.key_points,
    is_bestseller: product.is_bestseller,
    isReel: product.isReel,
    partial_refund: product.partial_refund,
    non_returnable: product.non_returnable,
    p_status: product.p_status,
    images: product.images.map((m) => m.imageUrl),
    carats: product.productcarats.map((pc) => pc.carat.name),
  };
  for (const pc of product.productcarats) {
    const { pricing, inr_price, usd_price, net_weight_g, making_type, making_value, stone_value, stock, lead_time_days } = pc;
    const row = { pricing, inr_price, usd_price, net_weight_g, making_type, making_value, stone_value, stock, lead_time_days };
    for (const [field, value] of Object.entries(row)) values[`${pc.carat.name}.${field}`] = value;
  }
  return values;
}

/** Adds a product with everything it names; answers its p_id. */
export function insertProduct(db: DB, product: NewProduct): Promise<number> {
  return writeTransaction(db, (trx) => insertProductIn(trx, product));
}

/** insertProduct's work in the caller's transaction (the CSV import writes many products in one). */
export async function insertProductIn(trx: DB, product: NewProduct): Promise<number> {
  {
    await assertCategoryExists(trx, product.cate_id);
    const materials = unique(product.materials);
    const sizes = unique(product.sizes);
    await assertExist(trx, 'materials', 'm_id', materials, 'Material');
    await assertExist(trx, 'sizes', 'size_id', sizes, 'Size');
    assertCaratsOnce(product.carats);
    await assertExist(trx, 'carats', 'carat_id', product.carats.map((c) => c.carat_id), 'Carat');
    assertMediaCount(product.media.length);
    const { p_id } = await trx
      .insertInto('products')
      .values({
        name: product.name,
        cate_id: product.cate_id,
        description: product.description,
        specifications: product.specifications,
        offer: product.offer,
        is_bestseller: product.is_bestseller,
        is_reel: product.is_reel,
        partial_refund: product.partial_refund ?? 0,
        non_returnable: product.non_returnable ?? null,
      })
      .returning('p_id')
      .executeTakeFirstOrThrow();
    if (materials.length) await trx.insertInto('product_materials').values(materials.map((m_id, position) => ({ p_id, m_id, position }))).execute();
    if (sizes.length) await trx.insertInto('product_sizes').values(sizes.map((size_id, position) => ({ p_id, size_id, position }))).execute();
    await writeKeyPoints(trx, p_id, product.key_points);
    await writeCarats(trx, p_id, product.carats);
    await writeMedia(trx, p_id, product.media);
    await recordChange(trx, { action: 'product.add', entity: 'product', entity_id: p_id, after: await audited(trx, p_id) });
    return p_id;
  }
}

/**
 * Edits a product. Answers the media files no record names any more (an order
 * keeps showing the picture of what was bought), to remove once this commits.
 */
export function updateProduct(db: DB, p_id: number, edit: ProductEdit): Promise<{ removedMedia: string[] }> {
  return writeTransaction(db, (trx) => updateProductIn(trx, p_id, edit));
}

/** updateProduct's work in the caller's transaction (the CSV import writes many products in one). */
export async function updateProductIn(trx: DB, p_id: number, edit: ProductEdit): Promise<{ removedMedia: string[] }> {
  {
    const product = await trx.selectFrom('products').select(['p_id', 'cate_id', 'updated_at']).where('p_id', '=', p_id).executeTakeFirst();
    if (!product) throw notFoundError('Product not found.');

    const { key_points, carats, ...columns } = edit.details;
    if (carats) {
      assertCaratsOnce(carats);
      await assertExist(trx, 'carats', 'carat_id', carats.map((c) => c.carat_id), 'Carat');
    }

    const current = await trx.selectFrom('product_media').select(['file_name', 'kind']).where('p_id', '=', p_id).orderBy('position').orderBy('pm_id').execute();
    const byName = new Map(current.map((m) => [m.file_name, m]));
    const keepNames = edit.keepMedia === undefined ? current.map((m) => m.file_name) : [...new Set(edit.keepMedia)];
    // Only this product's own files can be kept; a name is never looked up anywhere else.
    const stranger = keepNames.find((name) => !byName.has(name));
    if (stranger !== undefined) throw invalidError(`${stranger.slice(0, 100)} is not an image or video of this product.`);
    const media = [...keepNames.map((name) => byName.get(name)!), ...edit.newMedia];
    assertMediaCount(media.length);
    const before = await audited(trx, p_id);

    await trx
      .updateTable('products')
      .set({ ...columns, updated_at: nextUpdatedAt(product.updated_at) })
      .where('p_id', '=', p_id)
      .execute();
    await writeOptions(trx, p_id, product, edit.options);
    if (key_points) await writeKeyPoints(trx, p_id, key_points);
    if (carats) await writeCarats(trx, p_id, carats);
    await writeMedia(trx, p_id, media);
    await recordChange(trx, { action: 'product.update', entity: 'product', entity_id: p_id, before, after: await audited(trx, p_id) });
    await enqueueWebhooks(trx, 'product.updated', `${p_id}:${Date.now()}`, { p_id, change: 'edited' });

    const dropped = current.map((m) => m.file_name).filter((name) => !keepNames.includes(name));
    return { removedMedia: await namedNowhere(trx, 'Products', dropped) };
  }
}

/**
 * A product's next updated_at: now, or a second after the last change when that was this
 * same second, so every change moves it and a products CSV exported between two edits
 * is told it is out of date (db/queries/product-import.ts compares it).
 */
function nextUpdatedAt(stored: string): string {
  const now = utcTimestamp();
  const after = secondAfter(stored);
  return now > stored ? now : after;
}

/** Activates (1) or deactivates (0) a product. */
export function setProductStatus(db: DB, p_id: number, p_status: 0 | 1): Promise<void> {
  return writeTransaction(db, async (trx) => {
    const stored = await trx.selectFrom('products').select(['p_status', 'updated_at']).where('p_id', '=', p_id).executeTakeFirst();
    if (!stored) throw notFoundError('Product not found.');
    await trx.updateTable('products').set({ p_status, updated_at: nextUpdatedAt(stored.updated_at) }).where('p_id', '=', p_id).execute();
    await recordChange(trx, { action: 'product.status', entity: 'product', entity_id: p_id, before: { p_status: stored.p_status }, after: { p_status } });
    await enqueueWebhooks(trx, 'product.updated', `${p_id}:${Date.now()}`, { p_id, change: p_status ? 'activated' : 'deactivated' });
  });
}

/**
 * Deletes a product with its carats, materials, sizes, media, key points,
 * reviews and cart and wishlist lines (the foreign keys cascade). Orders keep
 * their own copy of what was bought. Answers the files to remove after commit.
 */
export function deleteProduct(db: DB, p_id: number): Promise<{ productFiles: string[]; reviewFiles: string[] }> {
  return writeTransaction(db, async (trx) => {
    const product = await trx.selectFrom('products').select('p_id').where('p_id', '=', p_id).executeTakeFirst();
    if (!product) throw notFoundError('Product not found.');
    await recordChange(trx, { action: 'product.delete', entity: 'product', entity_id: p_id, before: await audited(trx, p_id) });
    const [media, reviewImages] = await Promise.all([
      trx.selectFrom('product_media').select('file_name').where('p_id', '=', p_id).execute(),
      trx
        .selectFrom('review_images as ri')
        .innerJoin('reviews as r', 'r.r_id', 'ri.r_id')
        .select('ri.file_name')
        .where('r.p_id', '=', p_id)
        .execute(),
    ]);
    await trx.deleteFrom('products').where('p_id', '=', p_id).execute();
    return {
      productFiles: await namedNowhere(trx, 'Products', media.map((m) => m.file_name)),
      reviewFiles: await namedNowhere(trx, 'Reviews', reviewImages.map((r) => r.file_name)),
    };
  });
}

/** How many products the catalogue holds, listed or not. */
export async function countProducts(db: DB): Promise<number> {
  const row = await db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
