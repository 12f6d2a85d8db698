/**
 * What shoppers browse, in the API's product shape (storefront.md §3). Used by
 * the catalogue routes and, directly, by the static site build: every function
 * takes `db` first and answers exactly what the API answers.
 *
 * Shoppers see only active products (p_status 1) in active categories
 * (cate_status 1); `includeInactive` is for administrators.
 *
 * Listings load one page of product rows, then that page's carats, media,
 * materials, sizes and key points in one `where p_id in (...)` query each:
 * six queries per page whatever its size, never one per product.
 */

import { type CompiledQuery, type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { type PriceField, toMajor, toMinor } from '../../rules/money.ts';
import type { NonReturnableKind } from '../../rules/shop-policy.ts';
import type { DB } from '../connection.ts';
import type { Database } from '../schema.ts';
import { searchMatches, searchWords } from './search.ts';
import { buildListingIndex, type ListingCriteria, type ListingIndex, type ListingPage, type ListingSort, mendStock, selectListing } from './listing-index.ts';
import { catalogueRowsVersion } from './catalogue-rows-version.ts';
import { stockChangesSince, stockStamp } from './stock-view.ts';
import { CARAT_PRICING_COLUMNS, type CaratPricingView, caratPricingView, logRowsOutOfBounds, storedInBounds } from './carat-pricing.ts';
import { isoTimestamp } from '../time.ts';

export interface CategoryView {
  cate_id: number;
  cate_name: string;
  /** File name in the Category media folder. */
  cate_image: string;
  /** 1 active, 0 inactive (only administrators see inactive ones). */
  cate_status: number;
}

export interface MaterialView {
  m_id: number;
  name: string;
}

export interface SizeView {
  size_id: number;
  size_name: string;
}

export interface CaratView {
  carat_id: number;
  name: string;
}

export interface ProductCaratView extends CaratPricingView {
  pc_id: number;
  carat_id: number;
  /** Rupees. */
  inr_price: number;
  /** Dollars. */
  usd_price: number;
  carat: CaratView;
}

export interface ProductImage {
  /** File name in the Products media folder. */
  imageUrl: string;
  type: 'image' | 'video';
}

/** A product as the API answers it (storefront.md §3, plus the names the cards need). */
export interface ProductView {
  p_id: number;
  name: string;
  cate_id: number;
  description: string;
  specifications: string;
  offer: string;
  /** Material ids, in the order the administrator gave them. */
  materials: number[];
  /** Size ids; empty when the product comes in one size. */
  size: number[];
  key_points: string[];
  is_bestseller: 0 | 1;
  isReel: 0 | 1;
  p_status: 0 | 1;
  /** 1: in the shop policy's partial-refund collection (only part of the price refunded on return). */
  partial_refund: 0 | 1;
  /** null: returnable under the shop policy; else the kind that cannot be returned unless defective. */
  non_returnable: NonReturnableKind | null;
  /** ISO 8601, UTC. */
  createdAt: string;
  images: ProductImage[];
  category: { cate_id: number; cate_name: string };
  productcarats: ProductCaratView[];
  materialDetails: MaterialView[];
  sizeDetails: SizeView[];
  /**
   * The carat row whose price the listing shows for this product (its card's price
   * and purity): the first row the listing's filter matched, else the first row.
   * null for a product without carat rows.
   */
  listed_pc_id: number | null;
}

export interface ProductPage {
  productData: ProductView[];
  totalCount: number;
}

/** The largest page any listing answers, whatever a client asks for. */
export const MAX_PER_PAGE = 100;

type ProductScope = ExpressionBuilder<Database & { p: Database['products']; c: Database['categories'] }, 'p' | 'c'>;

/**
 * The condition that keeps inactive products and categories away from shoppers.
 * The active categories are a subquery rather than a join condition so a count
 * reads the products' covering index only (no category lookup per product).
 */
function visibleToShoppers(eb: ProductScope | ExpressionBuilder<Database & { p: Database['products'] }, 'p'>): Expression<SqlBool> {
  const e = eb as ExpressionBuilder<Database & { p: Database['products'] }, 'p'>;
  return e.and([
    e('p.p_status', '=', 1),
    e('p.cate_id', 'in', e.selectFrom('categories as vc').select('vc.cate_id').where('vc.cate_status', '=', 1)),
  ]);
}

/**
 * What the storefront server needs to know to serve a product's page: whether
 * shoppers may see it and when it last changed. undefined when there is no such product.
 */
export async function productPageState(db: DB, p_id: number): Promise<{ visible: boolean; updatedAt: string } | undefined> {
  const row = await db
    .selectFrom('products as p')
    .select((eb) => ['p.updated_at', eb.case().when(visibleToShoppers(eb)).then(1).else(0).end().as('visible')])
    .where('p.p_id', '=', p_id)
    .executeTakeFirst();
  return row && { visible: row.visible === 1, updatedAt: row.updated_at };
}

function productRows(db: DB) {
  return db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.cate_id', 'p.cate_id')
    .select([
      'p.p_id',
      'p.name',
      'p.cate_id',
      'p.description',
      'p.specifications',
      'p.offer',
      'p.is_bestseller',
      'p.is_reel',
      'p.p_status',
      'p.partial_refund',
      'p.non_returnable',
      'p.created_at',
      'c.cate_name',
    ]);
}

type ProductRow = Awaited<ReturnType<ReturnType<typeof productRows>['execute']>>[number];

const byProduct = <T extends { p_id: number }>(rows: T[]): Map<number, T[]> => Map.groupBy(rows, (row) => row.p_id);

const flag = (value: number): 0 | 1 => (value ? 1 : 0);

/** The detail queries of a batch of products; each one's only parameters are the product ids. */
const detailQueries = {
  carats: (db: DB, ids: number[]) =>
    db
      .selectFrom('product_carats as pc')
      .innerJoin('carats as k', 'k.carat_id', 'pc.carat_id')
      .select(['pc.p_id', 'pc.pc_id', 'pc.carat_id', 'pc.inr_price', 'pc.usd_price', 'k.name', ...CARAT_PRICING_COLUMNS])
      .where('pc.p_id', 'in', ids)
      // A row priced past what a piece may cost is out of sale, never read (carat-pricing.ts).
      .where(storedInBounds('pc'))
      .orderBy('pc.p_id')
      .orderBy('pc.position')
      .orderBy('pc.pc_id'),
  media: (db: DB, ids: number[]) =>
    db.selectFrom('product_media').select(['p_id', 'file_name', 'kind']).where('p_id', 'in', ids).orderBy('p_id').orderBy('position').orderBy('pm_id'),
  materials: (db: DB, ids: number[]) =>
    db
      .selectFrom('product_materials as pm')
      .innerJoin('materials as m', 'm.m_id', 'pm.m_id')
      .select(['pm.p_id', 'pm.m_id', 'm.name'])
      .where('pm.p_id', 'in', ids)
      .orderBy('pm.p_id')
      .orderBy('pm.position')
      .orderBy('pm.m_id'),
  sizes: (db: DB, ids: number[]) =>
    db
      .selectFrom('product_sizes as ps')
      .innerJoin('sizes as s', 's.size_id', 'ps.size_id')
      .select(['ps.p_id', 'ps.size_id', 's.size_name'])
      .where('ps.p_id', 'in', ids)
      .orderBy('ps.p_id')
      .orderBy('ps.position')
      .orderBy('ps.size_id'),
  keyPoints: (db: DB, ids: number[]) =>
    db.selectFrom('product_key_points').select(['p_id', 'text']).where('p_id', 'in', ids).orderBy('p_id').orderBy('position').orderBy('kp_id'),
};

type DetailName = keyof typeof detailQueries;
type DetailRow<N extends DetailName> = Awaited<ReturnType<ReturnType<(typeof detailQueries)[N]>['execute']>>[number];

/**
 * Compiled detail queries by name and batch size. Building and compiling a query
 * costs as much as running it on an indexed table, and these differ only in their
 * ids, which are their only parameters: compile once per size, bind the ids.
 */
const compiledDetails = new Map<string, CompiledQuery<unknown>>();

function runDetail<N extends DetailName>(db: DB, name: N, ids: number[]): Promise<DetailRow<N>[]> {
  const key = `${name}:${ids.length}`;
  let compiled = compiledDetails.get(key);
  if (!compiled) {
    compiled = detailQueries[name](db, ids).compile() as CompiledQuery<unknown>;
    if (ids.length <= MAX_PER_PAGE) compiledDetails.set(key, compiled);
  }
  return db.executeQuery({ ...compiled, parameters: ids }).then((result) => result.rows as DetailRow<N>[]);
}

/** Loads the carats, media, materials, sizes and key points of some products, one query each. */
async function withDetails(db: DB, rows: ProductRow[]): Promise<ProductView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.p_id);
  const [carats, media, materials, sizes, keyPoints] = await Promise.all([
    runDetail(db, 'carats', ids),
    runDetail(db, 'media', ids),
    runDetail(db, 'materials', ids),
    runDetail(db, 'sizes', ids),
    runDetail(db, 'keyPoints', ids),
  ]);
  const caratsOf = byProduct(carats);
  const mediaOf = byProduct(media);
  const materialsOf = byProduct(materials);
  const sizesOf = byProduct(sizes);
  const keyPointsOf = byProduct(keyPoints);
  return rows.map((r) => {
    const productMaterials = materialsOf.get(r.p_id) ?? [];
    const productSizes = sizesOf.get(r.p_id) ?? [];
    return {
      p_id: r.p_id,
      name: r.name,
      cate_id: r.cate_id,
      description: r.description,
      specifications: r.specifications,
      offer: r.offer,
      materials: productMaterials.map((m) => m.m_id),
      size: productSizes.map((s) => s.size_id),
      key_points: (keyPointsOf.get(r.p_id) ?? []).map((k) => k.text),
      is_bestseller: flag(r.is_bestseller),
      isReel: flag(r.is_reel),
      p_status: flag(r.p_status),
      partial_refund: flag(r.partial_refund),
      non_returnable: r.non_returnable,
      createdAt: isoTimestamp(r.created_at),
      images: (mediaOf.get(r.p_id) ?? []).map((m) => ({ imageUrl: m.file_name, type: m.kind === 'video' ? 'video' : 'image' })),
      category: { cate_id: r.cate_id, cate_name: r.cate_name },
      productcarats: (caratsOf.get(r.p_id) ?? []).map((pc) => ({
        pc_id: pc.pc_id,
        carat_id: pc.carat_id,
        inr_price: toMajor(pc.inr_price),
        usd_price: toMajor(pc.usd_price),
        carat: { carat_id: pc.carat_id, name: pc.name },
        ...caratPricingView(pc),
      })),
      materialDetails: productMaterials.map((m) => ({ m_id: m.m_id, name: m.name })),
      sizeDetails: productSizes.map((s) => ({ size_id: s.size_id, size_name: s.size_name })),
      listed_pc_id: caratsOf.get(r.p_id)?.[0]?.pc_id ?? null,
    };
  });
}

function pageBounds(page: number | undefined, perPage: number | undefined) {
  const size = Math.min(Math.max(Math.trunc(perPage ?? 12), 1), MAX_PER_PAGE);
  const index = Math.max(Math.trunc(page ?? 1), 1);
  return { limit: size, offset: (index - 1) * size };
}

/** Active categories (administrators: `includeInactive` for all of them), by name. */
export async function listCategories(db: DB, options: { includeInactive?: boolean } = {}): Promise<CategoryView[]> {
  let query = db.selectFrom('categories').select(['cate_id', 'cate_name', 'cate_image', 'cate_status']);
  if (!options.includeInactive) query = query.where('cate_status', '=', 1);
  return query.orderBy('cate_name').orderBy('cate_id').execute();
}

/** Every material, by name. */
export function listMaterials(db: DB): Promise<MaterialView[]> {
  return db.selectFrom('materials').select(['m_id', 'name']).orderBy('name').orderBy('m_id').execute();
}

/** Every carat, by name ("18K" before "22K"). */
export function listCarats(db: DB): Promise<CaratView[]> {
  return db.selectFrom('carats').select(['carat_id', 'name']).orderBy('name').orderBy('carat_id').execute();
}

/** Every size, in the order they were added (ring sizes are not alphabetical). */
export function listSizes(db: DB): Promise<SizeView[]> {
  return db.selectFrom('sizes').select(['size_id', 'size_name']).orderBy('size_id').execute();
}

export interface ListProductsOptions {
  page?: number;
  perPage?: number;
  /** Only reels (true) or only non-reels (false); both when left out. */
  isReel?: boolean;
  isBestseller?: boolean;
  cateId?: number;
  /** Leave one product out (You May Also Like). */
  excludePId?: number;
  /** Administrators: inactive products and products of inactive categories too. */
  includeInactive?: boolean;
}

/**
 * A page of products, newest first (New Arrivals), with the total count of the
 * same selection for pagination.
 */
export async function listProducts(db: DB, options: ListProductsOptions = {}): Promise<ProductPage> {
  const { limit, offset } = pageBounds(options.page, options.perPage);
  if (!options.includeInactive) {
    const criteria = { currency: 'inr', isReel: options.isReel, isBestseller: options.isBestseller, excludePId: options.excludePId } as const;
    const { views, total } = await shopperListing(db, { ...criteria, categories: options.cateId === undefined ? undefined : [options.cateId] }, 'newest', offset, limit);
    return { productData: views, totalCount: total };
  }
  const where = (eb: ProductScope) => {
    const conditions: Expression<SqlBool>[] = [];
    if (!options.includeInactive) conditions.push(visibleToShoppers(eb));
    if (options.isReel !== undefined) conditions.push(eb('p.is_reel', '=', options.isReel ? 1 : 0));
    if (options.isBestseller) conditions.push(eb('p.is_bestseller', '=', 1));
    if (options.cateId !== undefined) conditions.push(eb('p.cate_id', '=', options.cateId));
    if (options.excludePId !== undefined) conditions.push(eb('p.p_id', '!=', options.excludePId));
    return eb.and(conditions);
  };
  return page(db, where, limit, offset);
}

async function page(db: DB, where: (eb: ProductScope) => Expression<SqlBool>, limit: number, offset: number): Promise<ProductPage> {
  const [rows, total] = await Promise.all([
    productRows(db)
      .where(where)
      .orderBy('p.created_at', 'desc')
      .orderBy('p.p_id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('products as p')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(where as unknown as (eb: ExpressionBuilder<Database & { p: Database['products'] }, 'p'>) => Expression<SqlBool>)
      .executeTakeFirstOrThrow(),
  ]);
  return { productData: await withDetails(db, rows), totalCount: Number(total.n) };
}

export interface ProductFilter {
  page?: number;
  perPage?: number;
  /** Which price the bounds are in: rupees (inr_price) or dollars (usd_price). */
  priceField: PriceField;
  /** Rupees or dollars; a product matches when one of its carat rows' price lies within the bounds. */
  minPrice?: number;
  maxPrice?: number;
  /** Material ids: a product matches when it comes in any of them. */
  materials?: number[];
  /** Category ids: a product matches when it is in any of them. */
  categories?: number[];
  /** Carat ids (purity): a product matches when one of its carat rows is in any of them. */
  carats?: number[];
  /** Only carat rows with pieces in stock (stock above 0; made-to-order rows, stock null, are not). */
  inStock?: boolean;
  /** The header search's text (db/queries/search.ts): every word must match. */
  search?: string;
  /** Default: relevance with a search, else newest. */
  sort?: ListingSort;
  includeInactive?: boolean;
  /** With `includeInactive` (the back office): names containing this text, case-insensitive. */
  name?: string;
  /** With `includeInactive`: only active (1) or only inactive (0) products. */
  status?: 0 | 1;
}

/** A page of a listing, and with a search that found nothing the nearest catalogue words. */
export interface FilteredPage extends ProductPage {
  suggestions?: string[];
}

/**
 * The kept views (shopperViews) a shoppers' listing page was made from, in its order: each of
 * its products is its view but for listed_pc_id. So an answer may reuse what it keeps per view
 * (api/routes/catalogue/cache.ts pageJson). Held on the page as a property JSON.stringify and
 * comparisons pass over (a symbol, not enumerable): a WeakMap by page or product did the same,
 * but its table grew and was swept with every listing.
 */
const KEPT_VIEWS = Symbol('kept views of the page');

/** The kept views a page of filterProducts was made from (see KEPT_VIEWS); undefined for another page. */
export function keptViewsOf(page: FilteredPage): readonly ProductView[] | undefined {
  return (page as { [KEPT_VIEWS]?: readonly ProductView[] })[KEPT_VIEWS];
}

/**
 * The All Products listing: any of the categories, any of the materials, and one
 * carat row (of any of the carats, in stock when asked) whose price in the
 * shopper's currency lies within the bounds; that row is the one the product is
 * listed at (listed_pc_id), the price its card shows and the price it is sorted by.
 */
export async function filterProducts(db: DB, filter: ProductFilter): Promise<FilteredPage> {
  const { limit, offset } = pageBounds(filter.page, filter.perPage);
  const price = filter.priceField === 'usd_price' ? 'usd_price' : 'inr_price';
  const min = filter.minPrice === undefined ? undefined : toMinor(filter.minPrice);
  const max = filter.maxPrice === undefined ? undefined : toMinor(filter.maxPrice);
  const materials = filter.materials ?? [];
  const categories = filter.categories ?? [];
  const search = filter.search?.trim() ? filter.search.trim() : undefined;
  if (!filter.includeInactive) {
    const found = search === undefined ? undefined : await searchMatches(db, search);
    const sort = filter.sort ?? (search === undefined ? 'newest' : 'relevance');
    const criteria: ListingCriteria = {
      categories,
      materials,
      currency: price === 'usd_price' ? 'usd' : 'inr',
      low: min,
      high: max,
      carats: filter.carats,
      inStock: filter.inStock === true,
      scores: found?.scores,
      // A purity named in the search ("22K gold necklace") is the row the product is listed at, when it has one.
      namedCarats: found ? ((await caratsNamedIn(db, search!)) ?? undefined) : undefined,
    };
    const { listed, total, views } = await shopperListing(db, criteria, sort, offset, limit);
    const listedAt = new Map(listed.map((l) => [l.p_id, l.pc_id]));
    const productData = views.map((view) => {
      const listed_pc_id = listedAt.get(view.p_id) ?? null;
      // The kept view itself when it is listed at its own first row (as listProducts answers
      // views), else a copy naming the row it is listed at.
      return view.listed_pc_id === listed_pc_id ? view : { ...view, listed_pc_id };
    });
    const result: FilteredPage = { productData, totalCount: total };
    if (found && total === 0) result.suggestions = found.suggestions;
    Object.defineProperty(result, KEPT_VIEWS, { value: views });
    return result;
  }
  const where = (eb: ProductScope) => {
    const conditions: Expression<SqlBool>[] = [];
    if (!filter.includeInactive) conditions.push(visibleToShoppers(eb));
    if (categories.length) conditions.push(eb('p.cate_id', 'in', categories));
    if (filter.name?.trim()) conditions.push(sql<SqlBool>`lower(${eb.ref('p.name')}) like ${likePattern(filter.name.trim())} escape '\\'`);
    if (filter.status !== undefined) conditions.push(eb('p.p_status', '=', filter.status));
    if (materials.length) {
      conditions.push(
        eb.exists(
          eb
            .selectFrom('product_materials as fm')
            .select('fm.p_id')
            .whereRef('fm.p_id', '=', 'p.p_id')
            .where('fm.m_id', 'in', materials),
        ),
      );
    }
    if (min !== undefined || max !== undefined || filter.carats?.length || filter.inStock) {
      let prices = eb.selectFrom('product_carats as fc').select('fc.p_id').whereRef('fc.p_id', '=', 'p.p_id');
      if (min !== undefined) prices = prices.where(`fc.${price}`, '>=', min);
      if (max !== undefined) prices = prices.where(`fc.${price}`, '<=', max);
      if (filter.carats?.length) prices = prices.where('fc.carat_id', 'in', filter.carats);
      if (filter.inStock) prices = prices.where('fc.stock', '>', 0);
      conditions.push(eb.exists(prices));
    }
    if (search !== undefined) {
      const pattern = likePattern(search);
      conditions.push(sql<SqlBool>`lower(${eb.ref('p.name')}) like ${pattern} escape '\\'`);
    }
    return eb.and(conditions);
  };
  return page(db, where, limit, offset);
}

/** The carats whose name is a word of the text ("22K gold" names 22K); null when none is. */
async function caratsNamedIn(db: DB, text: string): Promise<Set<number> | null> {
  const words = new Set(searchWords(text));
  const named = (await listCarats(db)).filter((k) => words.has(searchWords(k.name).join('')));
  return named.length ? new Set(named.map((k) => k.carat_id)) : null;
}

/* ------------------------------------------------- the shoppers' filter index */

/** The index per database: built at a catalogue version, mended for stock changes since `stamp`. */
const shopperIndexes = new WeakMap<DB, { version: string; stamp: number; index: Promise<ListingIndex> }>();

/**
 * The index of what shoppers can see (db/queries/listing-index.ts): three queries, and a
 * fourth that logs the carat rows left out of sale for their prices (once each).
 */
async function buildShopperIndex(db: DB): Promise<ListingIndex> {
  const [rows, carats, materials] = await Promise.all([
    db
      .selectFrom('products as p')
      .select(['p.p_id', 'p.cate_id', 'p.is_bestseller', 'p.is_reel'])
      .where(visibleToShoppers)
      .orderBy('p.created_at', 'desc')
      .orderBy('p.p_id', 'desc')
      .execute(),
    db
      .selectFrom('product_carats')
      .select(['p_id', 'pc_id', 'carat_id', 'stock', 'inr_price', 'usd_price'])
      .where(storedInBounds('product_carats'))
      .orderBy('p_id')
      .orderBy('position')
      .orderBy('pc_id')
      .execute(),
    db.selectFrom('product_materials').select(['p_id', 'm_id']).execute(),
    logRowsOutOfBounds(db),
  ]);
  return buildListingIndex(rows, carats, materials);
}

/**
 * The index for the catalogue as it is now (shared by concurrent callers while it
 * builds): rebuilt when the catalogue's row version moves on, its in-stock flags
 * mended when only stock changed (db/queries/stock-view.ts).
 */
async function shopperIndex(db: DB): Promise<ListingIndex> {
  const version = await catalogueRowsVersion(db);
  if (version === null) return buildShopperIndex(db);
  const stamp = await stockStamp(db);
  let held = shopperIndexes.get(db);
  if (!held || held.version !== version) {
    // The stamp is taken before the build reads stock: a change after it is mended in again.
    const index = buildShopperIndex(db);
    held = { version, stamp, index };
    shopperIndexes.set(db, held);
    index.catch(() => {
      if (shopperIndexes.get(db)?.index === index) shopperIndexes.delete(db);
    });
  }
  const index = await held.index;
  if (held.stamp < stamp) {
    const changes = stockChangesSince(db, held.stamp);
    if (changes === null) {
      shopperIndexes.delete(db);
      return shopperIndex(db);
    }
    mendStock(index, changes);
    held.stamp = Math.max(held.stamp, stamp);
  }
  return index;
}

/**
 * A page of what shoppers can see, selected by the index and shown from the kept views
 * (whose loading the first listing of a catalogue version starts: warmShopperViews).
 */
async function shopperListing(db: DB, criteria: ListingCriteria, sort: ListingSort, offset: number, limit: number): Promise<ListingPage & { views: ProductView[] }> {
  const index = await shopperIndex(db);
  const { listed, total } = selectListing(index, criteria, sort, offset, limit);
  const views = await shopperViews(db, listed.map((l) => l.p_id));
  warmShopperViews(db, index);
  return { listed, total, views };
}

/** How many products' answers are kept per database (a 10,000-product catalogue's views are ~30 MB). */
const MAX_KEPT_VIEWS = 12_000;
interface KeptViews {
  version: string;
  stamp: number;
  views: Map<number, ProductView>;
  /** Whether warmShopperViews has begun loading them all. */
  warming?: boolean;
}
const keptViews = new WeakMap<DB, KeptViews>();

/**
 * Products as shoppers see them, kept until the catalogue's row version moves on
 * (their stock mended as it changes):
 * a listing whose filter is new mostly shows products some earlier page showed, so
 * its page is put together from those instead of six queries (measured: the queries
 * were most of a new filter's cost), and a cart or wishlist shows the products a
 * listing showed. Same freshness as the answer cache. Leaves out those shoppers cannot see.
 */
export async function shopperViews(db: DB, ids: number[]): Promise<ProductView[]> {
  const version = await catalogueRowsVersion(db);
  if (version === null) return getProducts(db, ids);
  const stamp = await stockStamp(db);
  let kept = keptViews.get(db);
  if (!kept || kept.version !== version) {
    kept = { version, stamp, views: new Map() };
    keptViews.set(db, kept);
  } else if (kept.stamp < stamp) {
    // A product's view shows its stock: those whose stock changed are mended (a new object: answers
    // made from the old one keep it), the stock log telling each changed row's pieces now.
    const changes = stockChangesSince(db, kept.stamp);
    if (changes === null) {
      // The stock log no longer reaches back that far: the views start afresh (and are warmed again).
      kept = { version, stamp, views: new Map() };
      keptViews.set(db, kept);
    } else {
      for (const change of changes) {
        const view = kept.views.get(change.p_id);
        if (!view) continue;
        const mended = withStock(view, change.pc_id, change.stock);
        if (mended) kept.views.set(change.p_id, mended);
        else kept.views.delete(change.p_id);
      }
    }
    kept.stamp = stamp;
  }
  // One look-up per product (a page's products are nearly always kept).
  const found: ProductView[] = [];
  let missing: number[] | undefined;
  for (const id of ids) {
    const view = kept.views.get(id);
    if (view !== undefined) found.push(view);
    else (missing ??= []).push(id);
  }
  if (missing !== undefined) {
    const current = kept;
    const loaded = await getProducts(db, missing);
    // Not kept when stock changed meanwhile: what was read may predate it.
    if (keptViews.get(db) === current && current.stamp === stamp) {
      if (current.views.size + loaded.length > MAX_KEPT_VIEWS) current.views.clear();
      for (const view of loaded) current.views.set(view.p_id, view);
    }
    const byId = new Map(loaded.map((v) => [v.p_id, v]));
    return ids.flatMap((id) => current.views.get(id) ?? byId.get(id) ?? []);
  }
  return found;
}

/** Products whose views one step of warmShopperViews loads (on SQLite ~2 ms, run between requests). */
const WARM_STEP = 16;
/** Tries of one step whose read a stock change overtook, before the warm-up gives that step up. */
const WARM_STEP_TRIES = 3;

/**
 * Loads the kept views (shopperViews) of every product the listing index holds, newest
 * first and up to MAX_KEPT_VIEWS, once per catalogue version, in the background: a few
 * products at a time, each step after the requests waiting then (setImmediate). A listing
 * whose filter is new then finds its page's products kept instead of reading them (measured
 * at 10,000 products under new filters, before: 30 s into the load 1-7% of listings still
 * read views, 3-10% of the store's time, each read a stall of ~1 ms). Stops when the
 * catalogue changes or the database closes; a step read while stock changed is read again
 * (see shopperViews), at most WARM_STEP_TRIES times, then left to the listings that show it.
 */
function warmShopperViews(db: DB, index: ListingIndex): void {
  const kept = keptViews.get(db);
  if (!kept || kept.warming) return;
  kept.warming = true;
  const ids = Array.from(index.pIds.subarray(0, Math.min(index.count, MAX_KEPT_VIEWS)));
  const warm = async () => {
    for (let from = 0; from < ids.length; from += WARM_STEP) {
      for (let tries = 0; tries < WARM_STEP_TRIES; tries++) {
        await new Promise((resolve) => setImmediate(resolve));
        if (keptViews.get(db) !== kept) return;
        const missing = ids.slice(from, from + WARM_STEP).filter((id) => !kept.views.has(id));
        if (missing.length === 0) break;
        const stamp = kept.stamp;
        const loaded = await getProducts(db, missing);
        if (keptViews.get(db) !== kept) return;
        if (kept.stamp !== stamp) continue;
        if (kept.views.size + loaded.length > MAX_KEPT_VIEWS) return;
        for (const view of loaded) if (!kept.views.has(view.p_id)) kept.views.set(view.p_id, view);
        break;
      }
    }
  };
  // A database closed meanwhile (a test's store, a shutdown) ends it: nothing was waiting for it.
  warm().catch(() => {});
}

/** A view with one carat row's pieces as they are now (stock is all of a view a sale changes); undefined when it has no such row. */
function withStock(view: ProductView, pc_id: number, stock: number | null): ProductView | undefined {
  if (!view.productcarats.some((pc) => pc.pc_id === pc_id)) return undefined;
  return { ...view, productcarats: view.productcarats.map((pc) => (pc.pc_id === pc_id ? { ...pc, stock } : pc)) };
}

/** One product, or undefined when there is none (or it is hidden from shoppers). */
export async function getProduct(db: DB, p_id: number, options: { includeInactive?: boolean } = {}): Promise<ProductView | undefined> {
  let query = productRows(db).where('p.p_id', '=', p_id);
  if (!options.includeInactive) query = query.where(visibleToShoppers);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const [product] = await withDetails(db, [row]);
  return product;
}

/** Several products by id, in the order asked, leaving out those shoppers cannot see. */
export async function getProducts(db: DB, ids: number[], options: { includeInactive?: boolean } = {}): Promise<ProductView[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  let query = productRows(db).where('p.p_id', 'in', unique);
  if (!options.includeInactive) query = query.where(visibleToShoppers);
  const byId = new Map((await withDetails(db, await query.execute())).map((p) => [p.p_id, p]));
  return unique.flatMap((id) => byId.get(id) ?? []);
}

/** Escapes LIKE's wildcards so a shopper's `%` or `_` is matched as itself. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** How many results the header search shows. */
export const SEARCH_LIMIT = 24;

/**
 * The header search (POST /getreelproducts with search): the best matches of the
 * shop's search engine (db/queries/search.ts), most relevant first.
 */
export async function searchProducts(db: DB, text: string, options: { limit?: number } = {}): Promise<ProductView[]> {
  if (!text.trim()) return [];
  const page = await filterProducts(db, { priceField: 'inr_price', search: text, sort: 'relevance', page: 1, perPage: Math.min(options.limit ?? SEARCH_LIMIT, MAX_PER_PAGE) });
  return page.productData;
}

/** Every product id a shopper can open, for pre-rendering the product pages. */
export async function listAllActiveProductIds(db: DB): Promise<number[]> {
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.cate_id', 'p.cate_id')
    .select('p.p_id')
    .where(visibleToShoppers)
    .orderBy('p.p_id')
    .execute();
  return rows.map((r) => r.p_id);
}
