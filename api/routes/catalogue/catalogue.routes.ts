import { createRoute, z } from '@hono/zod-openapi';
import { identifyCaller } from '../../auth.ts';
import { errorResponses, Flag, Id, jsonBody, jsonOk } from '../../openapi/schemas.ts';
import { Carat, Category, Coupon, Material, Product, ProductPage, Size } from './catalogue.schemas.ts';

const Page = z.coerce
  .number<number | string>({ error: 'page must be a whole number, 1 or more.' })
  .int('page must be a whole number, 1 or more.')
  .min(1, 'page must be a whole number, 1 or more.')
  .max(100_000, 'page is too large.');
const PerPage = z.coerce
  .number<number | string>({ error: 'perPage must be a whole number from 1 to 100.' })
  .int('perPage must be a whole number from 1 to 100.')
  .min(1, 'perPage must be a whole number from 1 to 100.')
  .max(100, 'perPage must be a whole number from 1 to 100.');

/** A price bound: a number, numeric text, or empty (an empty number input) meaning no bound. */
const PriceBound = z
  .union([z.number(), z.string().trim().max(20), z.null()])
  .transform((value, ctx) => {
    if (value === null || value === '') return undefined;
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(n) || n < 0 || n > 1e9) {
      ctx.addIssue({ code: 'custom', message: 'Price must be a positive number.' });
      return z.NEVER;
    }
    return n;
  })
  .optional()
  .openapi({ type: 'number', description: 'Rupees or dollars (as `countryCode` says); empty or missing for no bound.' });

const IdList = (label: string) =>
  z.array(Id, { error: `${label} must be a list of ids.` }).max(200, `${label}: at most 200 ids.`).optional();

export const GetProductsBody = z
  .object({
    isReel: Flag.optional().openapi({ description: '1: only reel products. 0 (or missing): every product.' }),
    page: Page.optional(),
    perPage: PerPage.optional().openapi({ description: 'Default 12.' }),
    is_bestseller: Flag.optional().openapi({ description: '1: only best sellers.' }),
    cate_id: Id.optional(),
  })
  .openapi('GetProductsBody');

export const GetReelProductsBody = z
  .object({
    isReel: Flag.optional(),
    search: z
      .string({ error: 'search must be text.' })
      .max(100, 'Search text must be at most 100 characters.')
      .optional()
      .openapi({ description: 'With isReel 0: text searched in name, category, material and description.' }),
  })
  .openapi('GetReelProductsBody');

export const GetAllProductsBody = z
  .object({
    is_admin: Flag.optional().openapi({
      description:
        '1 (storefront): active products only. 0 with an administrator\'s token: active and inactive products, 10 per page by default. 0 from anyone else: the same as 1.',
    }),
    page: Page.optional(),
    perPage: PerPage.optional().openapi({ description: 'Default 12 (10 for the administrator list).' }),
    filter: z
      .object({
        countryCode: z
          .enum(['inr_price', 'usd_price'], { error: "countryCode must be 'inr_price' or 'usd_price'." })
          .optional()
          .openapi({ description: 'The currency the price bounds are in. Default inr_price.' }),
        minPrice: PriceBound,
        maxPrice: PriceBound,
        materials: IdList('materials'),
        categories: IdList('categories'),
        name: z
          .string({ error: 'name must be text.' })
          .trim()
          .max(100, 'name: at most 100 characters.')
          .optional()
          .openapi({ description: "The administrator list only: products whose name contains this text, case-insensitive. Ignored for shoppers." }),
        p_status: Flag.optional().openapi({ description: 'The administrator list only: 1 active products, 0 inactive ones; missing: both. Ignored for shoppers.' }),
      })
      .optional(),
  })
  .openapi('GetAllProductsBody');

export const GetProductByIdBody = z.object({ p_id: Id.openapi({ type: 'integer' }) }).openapi('GetProductByIdBody');

export const GetCouponBody = z
  .object({
    is_admin: Flag.optional().openapi({
      description: '1 (checkout): active coupons. 0 with an administrator\'s token: every coupon with coupon_id and c_status.',
    }),
  })
  .openapi('GetCouponBody');

export const getCategory = createRoute({
  method: 'get',
  path: '/getcategory',
  tags: ['Catalogue'],
  security: [],
  summary: 'Categories',
  description: 'Active categories, by name. With an administrator\'s bearer token: every category, cate_status telling active (1) from inactive (0).',
  middleware: [identifyCaller()] as const,
  responses: {
    200: jsonOk(z.array(Category), 'The categories.'),
    403: errorResponses[403],
  },
});

export const getMaterials = createRoute({
  method: 'get',
  path: '/getmaterials',
  tags: ['Catalogue'],
  security: [],
  summary: 'Materials',
  responses: { 200: jsonOk(z.array(Material), 'Every material, by name.'), 404: errorResponses[404] },
});

export const getCarat = createRoute({
  method: 'get',
  path: '/getcarat',
  tags: ['Catalogue'],
  security: [],
  summary: 'Carats',
  responses: { 200: jsonOk(z.array(Carat), 'Every carat, by name.'), 404: errorResponses[404] },
});

export const getSize = createRoute({
  method: 'get',
  path: '/getsize',
  tags: ['Catalogue'],
  security: [],
  summary: 'Sizes',
  responses: { 200: jsonOk(z.array(Size), 'Every size, in the order they were added.'), 404: errorResponses[404] },
});

export const getProducts = createRoute({
  method: 'post',
  path: '/getproducts',
  tags: ['Catalogue'],
  security: [],
  summary: 'Products for home sections and category listings',
  description: 'Active products of active categories, newest first (New Arrivals), optionally only best sellers, only reels, or one category.',
  request: { body: jsonBody(GetProductsBody) },
  responses: { 200: jsonOk(ProductPage, 'A page of products and the total count.'), 400: errorResponses[400] },
});

export const getReelProducts = createRoute({
  method: 'post',
  path: '/getreelproducts',
  tags: ['Catalogue'],
  security: [],
  summary: 'Reel products, or a text search',
  description:
    'isReel 1: the newest reel products (the Instagram strip, 20 at most). isReel 0 with `search`: up to 24 products whose name, category, a material or description contains the text, case-insensitive; the text is matched literally (`%` and `_` are ordinary characters). Empty text answers an empty list.',
  request: { body: jsonBody(GetReelProductsBody) },
  responses: { 200: jsonOk(z.array(Product), 'The products.'), 400: errorResponses[400] },
});

export const getAllProducts = createRoute({
  method: 'post',
  path: '/getallproducts',
  tags: ['Catalogue'],
  security: [],
  summary: 'Filtered, paginated catalogue (administrators: all products)',
  description:
    'Newest first. A product matches the filter when it is in any of `categories`, comes in any of `materials`, and one of its carat prices (in the currency `countryCode` names) lies within minPrice..maxPrice. ' +
    'Shoppers and visitors see active products of active categories. An administrator\'s bearer token with is_admin 0 lists active and inactive products (the back office table, 10 per page unless perPage says otherwise); is_admin 0 without an administrator\'s token widens nothing.',
  middleware: [identifyCaller()] as const,
  request: { body: jsonBody(GetAllProductsBody) },
  responses: { 200: jsonOk(ProductPage, 'A page of products and the total count.'), 400: errorResponses[400], 403: errorResponses[403] },
});

export const getProductById = createRoute({
  method: 'post',
  path: '/getproductbyid',
  tags: ['Catalogue'],
  security: [],
  summary: 'One product',
  description: 'An active product of an active category; administrators (bearer token) also get inactive ones.',
  middleware: [identifyCaller()] as const,
  request: { body: jsonBody(GetProductByIdBody) },
  responses: {
    200: jsonOk(Product, 'The product.'),
    400: errorResponses[400],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

export const getCoupon = createRoute({
  method: 'post',
  path: '/getcoupon',
  tags: ['Catalogue'],
  security: [],
  summary: 'Coupons',
  description:
    'Active coupons (coupon_name, discount) for the checkout. An administrator\'s bearer token with is_admin 0 gets every coupon with coupon_id and c_status.',
  middleware: [identifyCaller()] as const,
  request: { body: jsonBody(GetCouponBody) },
  responses: { 200: jsonOk(z.array(Coupon), 'The coupons, by name.'), 400: errorResponses[400], 403: errorResponses[403] },
});
