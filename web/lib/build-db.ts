/**
 * Build-time only: the catalogue the pages are pre-rendered from, read once
 * per build through one read-only connection (the API keeps writing while
 * the site builds). Never imported by browser code.
 */
import { existsSync } from 'node:fs';
import { databaseFromEnv, type DB, openDatabase } from '../../db/connection.ts';
import type { MediaFolder } from '../../db/media-store.ts';
import { mediaFileSize } from '../../db/queries/media-files.ts';
import {
  type CaratView,
  type CategoryView,
  getProducts,
  listAllActiveProductIds,
  listCarats,
  listCategories,
  listMaterials,
  listProducts,
  listSizes,
  type MaterialView,
  type ProductView,
  type SizeView,
} from '../../db/queries/catalogue.ts';
import { allReviews, type ProductReviews, type ReviewView, type SliderImageView, sliderImages, testimonials } from '../../db/queries/reviews.ts';
import { listCoupons } from '../../db/queries/orders.ts';
import type { OfferCoupon } from '../../rules/offers.ts';
import { shopPolicy } from '../../db/queries/shop-policy.ts';
import type { ShopPolicy } from '../../rules/shop-policy.ts';

let connection: DB | undefined;

/** The one read-only connection of this build. */
export function buildDb(): DB {
  if (!connection) {
    // Where the store that started this build keeps it (DATABASE_URL, DATA_DIR): the build reads no other configuration.
    const database = databaseFromEnv(process.env);
    if (database.engine === 'sqlite' && !existsSync(database.file)) {
      throw new Error(`The site is built from the store's database, and ${database.file} does not exist: run npm start (or npm run migrate && npm run seed) first.`);
    }
    connection = openDatabase(database, { readonly: true });
  }
  return connection;
}

/**
 * The pixel size of a stored image as recorded when it was stored (the build reads
 * no media file: they may be in a bucket), so pages can reserve its box; null when
 * none was recorded.
 */
export function imageSize(folder: MediaFolder, name: string): Promise<{ width: number; height: number } | null> {
  return mediaFileSize(buildDb(), folder, name);
}

export interface Catalogue {
  categories: CategoryView[];
  materials: MaterialView[];
  carats: CaratView[];
  sizes: SizeView[];
  /** Every product a shopper can open, newest first. */
  products: ProductView[];
}

/** Products are loaded this many at a time: six queries per batch, whatever the catalogue's size. */
const BATCH = 500;

let catalogue: Promise<Catalogue> | undefined;

/** The whole visible catalogue, loaded once per build and shared by every page. */
export function loadCatalogue(): Promise<Catalogue> {
  catalogue ??= (async () => {
    const db = buildDb();
    const [categories, materials, carats, sizes, ids] = await Promise.all([
      listCategories(db),
      listMaterials(db),
      listCarats(db),
      listSizes(db),
      listAllActiveProductIds(db),
    ]);
    const products: ProductView[] = [];
    for (let i = 0; i < ids.length; i += BATCH) products.push(...(await getProducts(db, ids.slice(i, i + BATCH))));
    products.sort((a, b) => (a.createdAt === b.createdAt ? b.p_id - a.p_id : a.createdAt < b.createdAt ? 1 : -1));
    return { categories, materials, carats, sizes, products };
  })();
  return catalogue;
}

export interface HomeData {
  sliders: SliderImageView[];
  testimonials: ReviewView[];
  newArrivals: ProductView[];
  bestSellers: ProductView[];
  reels: ProductView[];
}

/** What the home page shows, through the same queries the API answers /getproducts and /getreviews with. */
export async function loadHome(): Promise<HomeData> {
  const db = buildDb();
  const [sliders, reviews, newArrivals, bestSellers, reels] = await Promise.all([
    sliderImages(db),
    testimonials(db),
    listProducts(db, { page: 1, perPage: 4 }),
    listProducts(db, { isBestseller: true, page: 1, perPage: 4 }),
    listProducts(db, { isReel: true, page: 1, perPage: 20 }),
  ]);
  return {
    sliders,
    testimonials: reviews,
    newArrivals: newArrivals.productData,
    bestSellers: bestSellers.productData,
    reels: reels.productData,
  };
}

/**
 * You May Also Like for every product at once: up to four of the same
 * category, not the product itself, newest first (the catalogue's order).
 */
export function relatedByProduct(products: ProductView[], count = 4): (product: ProductView) => ProductView[] {
  const byCategory = new Map<number, ProductView[]>();
  for (const product of products) {
    const list = byCategory.get(product.cate_id);
    if (!list) byCategory.set(product.cate_id, [product]);
    else if (list.length <= count) list.push(product);
  }
  return (product) => (byCategory.get(product.cate_id) ?? []).filter((p) => p.p_id !== product.p_id).slice(0, count);
}

let reviewsByProduct: Promise<Map<number, ProductReviews>> | undefined;

/**
 * Every product's reviews (newest first) with count and average, from one read of
 * every review for the whole build (db/queries/reviews.ts allReviews: two queries)
 * instead of two per product page. The average is productReviews's: one decimal,
 * from the integer sum.
 */
export function loadProductReviews(): Promise<Map<number, ProductReviews>> {
  reviewsByProduct ??= (async () => {
    const byProduct = new Map<number, ReviewView[]>();
    for (const review of await allReviews(buildDb())) {
      // Testimonials (no product) are the home page's.
      if (review.p_id === null) continue;
      const list = byProduct.get(review.p_id);
      if (list) list.push(review);
      else byProduct.set(review.p_id, [review]);
    }
    const out = new Map<number, ProductReviews>();
    for (const [p_id, reviews] of byProduct) {
      const sum = reviews.reduce((total, r) => total + r.rating, 0);
      out.set(p_id, { reviews, count: { avg_rating: Math.round((sum * 10) / reviews.length) / 10, total: reviews.length } });
    }
    return out;
  })();
  return reviewsByProduct;
}

const NO_REVIEWS: ProductReviews = { reviews: [], count: { avg_rating: 0, total: 0 } };

/** One product's reviews from the build's batch. */
export async function reviewsOf(p_id: number): Promise<ProductReviews> {
  return (await loadProductReviews()).get(p_id) ?? NO_REVIEWS;
}

let activeCoupons: Promise<OfferCoupon[]> | undefined;

/** The coupons active at the build (the offers pages are built with; the browser reads the API's after). */
export function loadActiveCoupons(): Promise<OfferCoupon[]> {
  activeCoupons ??= listCoupons(buildDb()).then((rows) => rows.map(({ coupon_name, discount }) => ({ coupon_name, discount })));
  return activeCoupons;
}

let policy: Promise<ShopPolicy> | undefined;

/**
 * The shop's return, exchange and buy-back policy (issue 36), read once per build: the legal
 * pages and the product pages say it from here, so they say what the return rules apply. A
 * change (PUT /setshoppolicy) rebuilds the site as a catalogue change does.
 */
export function loadShopPolicy(): Promise<ShopPolicy> {
  policy ??= shopPolicy(buildDb());
  return policy;
}
