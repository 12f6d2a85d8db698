import { createRoute, z } from '@hono/zod-openapi';
import { identifyCaller } from '../../auth.ts';
import { errorResponses, Flag, Id, jsonBody, jsonOk } from '../../openapi/schemas.ts';
import { Carat, Category, Coupon, Material, Product, ProductDetails, ProductPage, Size } from './catalogue.schemas.ts';

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
  .openapi({
    description: 'Rupees or dollars (as `countryCode` says), as a number or as text ("25000"); empty text (the storefront\'s empty box), null or missing for no bound.',
  });

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
      .openapi({ description: 'With isReel 0: the search text (name, category, material, carat, description, key points).' }),
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
        carats: IdList('carats').openapi({ description: 'Carat ids (purity): a product matches when one of its carat rows is of any of them.' }),
        inStock: z
          .union([z.boolean(), z.literal(0), z.literal(1)], { error: 'inStock must be true or false.' })
          .transform((v) => Boolean(v))
          .optional()
          .openapi({
            type: 'boolean',
            description:
              'true: only carat rows with pieces in stock count (stock above 0; made-to-order rows do not), for the price bounds, the carats and the listed row.',
          }),
        search: z
          .string({ error: 'search must be text.' })
          .max(100, 'Search text must be at most 100 characters.')
          .optional()
          .openapi({
            description:
              'The header search\'s engine: every word must match the name, category, a material, a carat, the description or a key point; a word also matches as a prefix, through the shop\'s synonyms (jhumka: earrings) or with one typo. Empty text: no search.',
          }),
      })
      .optional(),
    sort: z
      .enum(['relevance', 'newest', 'price_asc', 'price_desc', 'bestsellers'], {
        error: "sort must be one of 'relevance', 'newest', 'price_asc', 'price_desc', 'bestsellers'.",
      })
      .optional()
      .openapi({
        description:
          'relevance (with filter.search: name matches before category, category before materials and carats, those before description; ties best sellers first, then newest), newest, price_asc / price_desc (by the listed row\'s price in the countryCode currency), bestsellers (best sellers first, then newest). Default: relevance with a search, else newest.',
      }),
  })
  .openapi('GetAllProductsBody');

export const SearchSuggestionsBody = z
  .object({
    q: z.string({ error: 'q must be text.' }).max(100, 'Search text must be at most 100 characters.').openapi({ description: 'What the shopper has typed so far.' }),
  })
  .openapi('SearchSuggestionsBody');

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
    'isReel 1: the newest reel products (the Instagram strip, 20 at most). isReel 0 with `search`: up to 24 products, most relevant first, found by the same engine as POST /getallproducts filter.search (every word counts; prefixes, synonyms and one typo per word understood). Empty text answers an empty list.',
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
    'Newest first unless `sort` says otherwise. A product matches the filter when it is in any of `categories`, comes in any of `materials`, matches `search`, and one of its carat rows is of any of `carats`, in stock (with `inStock`) and priced (in the currency `countryCode` names) within minPrice..maxPrice; the first such row is the one the product is listed at (`listed_pc_id`: the price and purity its card shows, and the price it is sorted by). ' +
    'Shoppers and visitors see active products of active categories. An administrator\'s bearer token with is_admin 0 lists active and inactive products (the back office table, 10 per page unless perPage says otherwise); is_admin 0 without an administrator\'s token widens nothing.',
  middleware: [identifyCaller()] as const,
  request: { body: jsonBody(GetAllProductsBody) },
  responses: { 200: jsonOk(ProductPage, 'A page of products and the total count.'), 400: errorResponses[400], 403: errorResponses[403] },
});

export const searchSuggestions = createRoute({
  method: 'post',
  path: '/searchsuggestions',
  tags: ['Catalogue'],
  security: [],
  summary: 'Search suggestions while typing',
  description:
    'Completions of the text typed so far: catalogue words and the shop\'s synonyms that start with its last word (or are one typo away from it), the most common first, each with the words before it. Empty text: an empty list.',
  request: { body: jsonBody(SearchSuggestionsBody) },
  responses: { 200: jsonOk(z.array(z.string()), 'Up to 8 suggestions.'), 400: errorResponses[400] },
});

export const getProductById = createRoute({
  method: 'post',
  path: '/getproductbyid',
  tags: ['Catalogue'],
  security: [],
  summary: 'One product',
  description:
    "An active product of an active category; administrators (bearer token) also get inactive ones. With `promises`: the shop policy's return and exchange promises for this piece, as the pre-rendered product page says them (a policy saved with PUT /setshoppolicy shows in the next answer).",
  middleware: [identifyCaller()] as const,
  request: { body: jsonBody(GetProductByIdBody) },
  responses: {
    200: jsonOk(ProductDetails, 'The product and its policy promises.'),
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
