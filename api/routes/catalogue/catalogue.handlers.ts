import type { RouteHandler } from '@hono/zod-openapi';
import {
  filterProducts,
  getProduct,
  listCarats,
  listCategories,
  listMaterials,
  listProducts,
  listSizes,
  searchProducts,
} from '../../../db/queries/catalogue.ts';
import { suggestSearches } from '../../../db/queries/search.ts';
import { listCoupons } from '../../../db/queries/orders.ts';
import { shopPolicy } from '../../../db/queries/shop-policy.ts';
import { productPromises } from '../../../rules/shop-policy.ts';
import type { AppEnv, Caller } from '../../context.ts';
import { notFoundError } from '../../../rules/errors.ts';
import { ok } from '../../errors.ts';
import { cachedOk, pageJson } from './cache.ts';
import type {
  getAllProducts,
  getCarat,
  getCategory,
  getCoupon,
  getMaterials,
  getProductById,
  getProducts,
  getReelProducts,
  getSize,
  searchSuggestions,
} from './catalogue.routes.ts';

/** How many reels the Instagram strip gets. */
const REEL_LIMIT = 20;
/** The back office product table's page size (backoffice.md §9). */
const ADMIN_PER_PAGE = 10;

/** The caller when a valid token was sent (identifyCaller), else undefined. */
const callerOf = (c: { get(key: 'caller'): Caller | undefined }) => c.get('caller');

/** Stock a list of products shows: each product's own. */
const stockOfProducts = (products: { p_id: number }[]) => products.map((p) => p.p_id);
const stockOfPage = (page: { productData: { p_id: number }[] }) => stockOfProducts(page.productData);

export const getCategoryHandler: RouteHandler<typeof getCategory, AppEnv> = async (c) => {
  const includeInactive = callerOf(c)?.isAdmin ?? false;
  return ok(c, 'Category list.', await listCategories(c.var.deps.db, { includeInactive }));
};

export const getMaterialsHandler: RouteHandler<typeof getMaterials, AppEnv> = async (c) =>
  ok(c, 'Material list.', await listMaterials(c.var.deps.db));

export const getCaratHandler: RouteHandler<typeof getCarat, AppEnv> = async (c) =>
  ok(c, 'Carat list.', await listCarats(c.var.deps.db));

export const getSizeHandler: RouteHandler<typeof getSize, AppEnv> = async (c) =>
  ok(c, 'Size list.', await listSizes(c.var.deps.db));

// Listings are answered from cachedOk (answers reused until the catalogue changes).
// The handlers return a plain Response, hence the casts to the route's typed answer.

export const getProductsHandler: RouteHandler<typeof getProducts, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const options = {
    page: body.page,
    perPage: body.perPage ?? 12,
    isReel: body.isReel === 1 ? true : undefined,
    isBestseller: body.is_bestseller === 1,
    cateId: body.cate_id,
  };
  const { db } = c.var.deps;
  return (await cachedOk(c, db, `getproducts:${JSON.stringify(options)}`, 'Products list.', () => listProducts(db, options), stockOfPage)) as never;
};

export const getReelProductsHandler: RouteHandler<typeof getReelProducts, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const { db } = c.var.deps;
  if (body.isReel === 1) {
    return (await cachedOk(c, db, 'reels', 'Reel products.', async () => (await listProducts(db, { isReel: true, page: 1, perPage: REEL_LIMIT })).productData, stockOfProducts)) as never;
  }
  const text = (body.search ?? '').trim().toLowerCase();
  return (await cachedOk(c, db, `search:${text}`, 'Search results.', () => searchProducts(db, text), stockOfProducts)) as never;
};

export const getAllProductsHandler: RouteHandler<typeof getAllProducts, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  // is_admin 0 widens the list only for a caller the database says is an administrator.
  const adminList = body.is_admin === 0 && (callerOf(c)?.isAdmin ?? false);
  const filter = body.filter ?? {};
  const sorted = (ids?: number[]) => (ids ? [...new Set(ids)].sort((a, b) => a - b) : undefined);
  const options = {
    page: body.page,
    perPage: body.perPage ?? (adminList ? ADMIN_PER_PAGE : 12),
    priceField: filter.countryCode ?? ('inr_price' as const),
    minPrice: filter.minPrice,
    maxPrice: filter.maxPrice,
    materials: sorted(filter.materials),
    categories: sorted(filter.categories),
    carats: sorted(filter.carats),
    inStock: filter.inStock || undefined,
    search: filter.search?.trim().toLowerCase() || undefined,
    sort: body.sort,
    includeInactive: adminList,
    // The back office's own search and status filter; a shopper's list ignores them.
    ...(adminList && filter.name ? { name: filter.name } : {}),
    ...(adminList && filter.p_status !== undefined ? { status: filter.p_status } : {}),
  };
  const { db } = c.var.deps;
  return (await cachedOk(c, db, `getallproducts:${JSON.stringify(options)}`, 'Products list.', () => filterProducts(db, options), (page) => (options.inStock ? 'any' : stockOfPage(page)), pageJson)) as never;
};

export const searchSuggestionsHandler: RouteHandler<typeof searchSuggestions, AppEnv> = async (c) => {
  const text = c.req.valid('json').q.trim().toLowerCase();
  const { db } = c.var.deps;
  if (!text) return ok(c, 'Search suggestions.', []);
  return (await cachedOk(c, db, `suggest:${text}`, 'Search suggestions.', () => suggestSearches(db, text), () => [])) as never;
};

export const PRODUCT_DESCRIPTION = 'Product details.';
/** The kept answer's key of a product, for an administrator (inactive ones too) or not. */
export const productKey = (p_id: number, includeInactive: boolean) => `product:${p_id}:${includeInactive}`;

export const getProductByIdHandler: RouteHandler<typeof getProductById, AppEnv> = async (c) => {
  const { p_id } = c.req.valid('json');
  const includeInactive = callerOf(c)?.isAdmin ?? false;
  const { db } = c.var.deps;
  // An unknown product is cached as null and answered 404. The policy's promises are kept with it:
  // saving the policy moves the catalogue's row version on (db/queries/shop-policy.ts).
  const details = async () => {
    const [product, policy] = await Promise.all([getProduct(db, p_id, { includeInactive }), shopPolicy(db)]);
    return product ? { ...product, promises: productPromises(policy, { partial_refund: product.partial_refund === 1, non_returnable: product.non_returnable }) } : null;
  };
  const answer = await cachedOk(c, db, productKey(p_id, includeInactive), PRODUCT_DESCRIPTION, details, (product) => [product.p_id]);
  if (!answer) throw notFoundError('Product not found.');
  return answer as never;
};

export const getCouponHandler: RouteHandler<typeof getCoupon, AppEnv> = async (c) => {
  const { is_admin } = c.req.valid('json');
  const includeInactive = is_admin === 0 && (callerOf(c)?.isAdmin ?? false);
  return ok(c, 'Coupon list.', await listCoupons(c.var.deps.db, { includeInactive }));
};
