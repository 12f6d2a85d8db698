/**
 * Build-time only: the catalogue the pages are pre-rendered from, read once
 * per build through one read-only connection (the API keeps writing while
 * the site builds). Never imported by browser code.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../../api/env.ts';
import { openDatabase, type DB } from '../../db/connection.ts';
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
  sliderImages,
  testimonials,
} from '../../db/queries/catalogue.ts';
import type { ReviewView, SliderImageView } from '../../db/queries/reviews.ts';

let connection: DB | undefined;

/** The one read-only connection of this build. */
export function buildDb(): DB {
  if (!connection) {
    const config = loadConfig();
    if (!existsSync(config.databaseFile)) {
      throw new Error(`The site is built from the store's database, and ${config.databaseFile} does not exist: run npm start (or npm run migrate && npm run seed) first.`);
    }
    connection = openDatabase(config.databaseFile, { readonly: true });
  }
  return connection;
}

/**
 * The pixel size of a stored image (its header only is read), so pages can
 * reserve its box; null when the file is missing or unreadable.
 */
export async function imageSize(folder: 'Sliders' | 'Category' | 'Products' | 'Reviews', name: string): Promise<{ width: number; height: number } | null> {
  try {
    const meta = await sharp(path.join(loadConfig().mediaDir, folder, name)).metadata();
    return meta.width && meta.height ? { width: meta.width, height: meta.height } : null;
  } catch {
    return null;
  }
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
