import { createRoute, z } from '@hono/zod-openapi';
import { MAX_PRODUCT_MEDIA } from '../../../../db/queries/admin-products.ts';
import { errorResponses, jsonBody, jsonOk } from '../../../openapi/schemas.ts';
import { toMinor } from '../../../../rules/money.ts';
import { CARAT_ROW_LIMITS, CARAT_ROW_MESSAGES as M, decimalUnits, MAX_PIECE_PRICE, wholeUnits } from '../../../../rules/pricing.ts';
import type { CaratPriceInput } from '../../../../db/queries/admin-products.ts';
import { FileField, multipartBody, type UploadRules } from '../../../uploads.ts';
import { Product } from '../../catalogue/catalogue.schemas.ts';
import { NON_RETURNABLE_KINDS } from '../../../../rules/shop-policy.ts';
import { adminErrors, adminRoute, NoData, recordId, requiredText } from '../admin.schemas.ts';

/** Product images and videos: jpg, png, webp, gif, avif, mp4, webm, ogg, by their bytes. */
export const PRODUCT_UPLOAD: UploadRules = {
  folder: 'Products',
  files: {
    images: { accept: 'media', maxCount: MAX_PRODUCT_MEDIA, tooMany: `You can select up to ${MAX_PRODUCT_MEDIA} images or videos.` },
  },
};

/** A form field holding JSON text (multipart fields are text), parsed then checked by `schema`. */
function jsonText<T extends z.ZodType>(schema: T, messages: { missing: string; invalid: string }) {
  return z
    .string({ error: messages.missing })
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: messages.invalid });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** 0/1 as form text (or a number from JSON). */
const flag = (field: string) =>
  z
    .union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1)], { error: `${field} must be 0 or 1.` })
    .transform((v) => Number(v) as 0 | 1);

/** How a piece may be returned (the shop policy, issue 36): '' or 'returnable' for returnable, else the kind that may not be returned unless defective. */
const NonReturnable = z
  .union([z.literal(''), z.literal('returnable'), z.enum(NON_RETURNABLE_KINDS)], {
    error: `non_returnable must be empty (returnable) or one of ${NON_RETURNABLE_KINDS.join(', ')}.`,
  })
  .transform((v) => (v === '' || v === 'returnable' ? null : v))
  .openapi({
    type: 'string',
    description: 'Empty: the piece may be returned under the shop policy. custom, engraved or personalised: it cannot be returned unless defective.',
  });

/** An amount in rupees or dollars (number or numeric text, at most 2 decimals, at most MAX_PIECE_PRICE), answered in minor units. */
const price = (currency: 'INR' | 'USD') =>
  z.union([z.number(), z.string()], { error: `${currency} price is required` }).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: `${currency} price is required` });
      return z.NEVER;
    }
    if (!/^\d{1,9}(\.\d{1,2})?$/.test(text) || Number(text) <= 0) {
      ctx.addIssue({ code: 'custom', message: `${currency} price must be an amount above 0 with at most 2 decimals.` });
      return z.NEVER;
    }
    const minor = toMinor(Number(text));
    if (minor > MAX_PIECE_PRICE[currency]) {
      ctx.addIssue({ code: 'custom', message: currency === 'INR' ? M.inrOverMax : M.usdOverMax });
      return z.NEVER;
    }
    return minor;
  });

/**
 * A decimal typed in the form (number or numeric text) with at most `decimals`
 * places, answered as an integer in 10^-decimals units (grams -> milligrams,
 * rupees -> paise, percent -> basis points). Blank is left out.
 */
const decimal = (decimals: number, messages: { invalid: string; overMax?: string }, bounds: { max: number; aboveZero?: boolean }) =>
  z.union([z.number(), z.string(), z.null()]).transform((value, ctx) => {
    if (value === null) return undefined;
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (text === '') return undefined;
    const units = decimalUnits(text, decimals);
    if (units === null || units > bounds.max * 10 ** decimals || (bounds.aboveZero && units === 0)) {
      ctx.addIssue({ code: 'custom', message: units !== null && units > bounds.max * 10 ** decimals ? (messages.overMax ?? messages.invalid) : messages.invalid });
      return z.NEVER;
    }
    return units;
  });

const wholeOrEmpty = (invalid: string, max: number) =>
  z.union([z.number(), z.string(), z.null()]).transform((value, ctx) => {
    if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
    const n = typeof value === 'number' ? (Number.isSafeInteger(value) && value >= 0 && value <= max ? value : null) : wholeUnits(value, max);
    if (n === null) {
      ctx.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    return n;
  });

/** What a row may say; checked together below (a rate row needs its weight and making, a fixed row its prices). */
const CaratPriceFields = z.object({
  carat_id: recordId('carat_id', 'Carat is required'),
  pricing: z.enum(['rate', 'fixed'], { error: 'Pricing must be "rate" or "fixed".' }).optional(),
  inr_price: price('INR').optional(),
  usd_price: price('USD').optional(),
  net_weight_g: decimal(3, { invalid: M.weightInvalid, overMax: M.weightOverMax }, { max: CARAT_ROW_LIMITS.weightGrams, aboveZero: true }).optional(),
  making_type: z.enum(['percent', 'per_gram'], { error: M.makingTypeInvalid }).optional(),
  making_value: decimal(2, { invalid: M.makingInvalid }, { max: CARAT_ROW_LIMITS.making }).optional(),
  stone_value: decimal(2, { invalid: M.stonesInvalid }, { max: CARAT_ROW_LIMITS.stones }).optional(),
  stock: wholeOrEmpty(M.stockInvalid, CARAT_ROW_LIMITS.stock).optional(),
  lead_time_days: wholeOrEmpty(M.leadInvalid, CARAT_ROW_LIMITS.leadDays).optional(),
});

const CaratPriceRow = CaratPriceFields.transform((row, ctx): CaratPriceInput => {
  const pricing = row.pricing ?? 'fixed';
  const base = { carat_id: row.carat_id, stock: row.stock ?? null, lead_time_days: row.lead_time_days ?? null, net_weight_mg: row.net_weight_g ?? null };
  if (pricing === 'fixed') {
    if (row.inr_price === undefined) ctx.addIssue({ code: 'custom', message: 'INR price is required', path: ['inr_price'] });
    if (row.usd_price === undefined) ctx.addIssue({ code: 'custom', message: 'USD price is required', path: ['usd_price'] });
    if (row.inr_price === undefined || row.usd_price === undefined) return z.NEVER;
    return { ...base, pricing, inr_price: row.inr_price, usd_price: row.usd_price };
  }
  if (row.net_weight_g === undefined) ctx.addIssue({ code: 'custom', message: M.weightRequired, path: ['net_weight_g'] });
  if (row.making_type === undefined) ctx.addIssue({ code: 'custom', message: M.makingTypeRequired, path: ['making_type'] });
  if (row.making_value === undefined) ctx.addIssue({ code: 'custom', message: M.makingRequired, path: ['making_value'] });
  if (row.making_type === 'percent' && row.making_value !== undefined && row.making_value > 10_000) {
    ctx.addIssue({ code: 'custom', message: M.makingOver100, path: ['making_value'] });
  }
  if (row.net_weight_g === undefined || row.making_type === undefined || row.making_value === undefined) return z.NEVER;
  return { ...base, pricing, net_weight_mg: row.net_weight_g, making_type: row.making_type, making_value: row.making_value, stone_value: row.stone_value ?? 0 };
});

const CaratPrices = jsonText(
  z
    .array(CaratPriceRow, { error: 'caratPrices must be a JSON list of {carat_id, inr_price, usd_price}.' })
    .min(1, 'Please add at least one carat price.')
    .max(20, 'At most 20 carat prices.'),
  { missing: 'Please add at least one carat price.', invalid: 'caratPrices must be a JSON list of {carat_id, inr_price, usd_price}.' },
).openapi({
  type: 'string',
  description:
    'JSON text, a carat once. A fixed row: {"carat_id":1,"inr_price":52340.5,"usd_price":629.99} (rupees and dollars, at most 2 decimals; "pricing":"fixed" may be given). ' +
    'A rate-priced row: {"carat_id":2,"pricing":"rate","net_weight_g":5.25,"making_type":"percent","making_value":12,"stone_value":2500}: the server derives inr_price and usd_price from the day\'s rate (GET /getmetalrates), ' +
    'making_value is a percentage of the metal value (percent) or rupees per gram (per_gram), stone_value rupees. ' +
    'Either kind may carry net_weight_g, "stock" (pieces; null or left out: made to order) and "lead_time_days". ' +
    `Bounds: net_weight_g above 0 and at most ${CARAT_ROW_LIMITS.weightGrams}; making_value at most 100 (percent) or ${CARAT_ROW_LIMITS.making} (per_gram); ` +
    `stone_value at most ${CARAT_ROW_LIMITS.stones}; stock at most ${CARAT_ROW_LIMITS.stock}; lead_time_days at most ${CARAT_ROW_LIMITS.leadDays}; ` +
    `a piece costs at most ${MAX_PIECE_PRICE.INR / 100} rupees (inr_price) and ${MAX_PIECE_PRICE.USD / 100} dollars (usd_price), typed (a fixed row) or derived at the day's rates (a rate-priced row; refused with 400 when it would cost more).`,
});

const idList = (field: string, label: string) =>
  z.array(recordId(field, `${field} must be a JSON list of ${label} ids, e.g. [1,2].`), { error: `${field} must be a JSON list of ${label} ids, e.g. [1,2].` }).max(50, `At most 50 ${label}s.`);

const Materials = jsonText(idList('materials', 'material').min(1, 'Please select at least one material.'), {
  missing: 'Please select at least one material.',
  invalid: 'materials must be a JSON list of material ids, e.g. [1,2].',
}).openapi({ type: 'string', description: 'JSON text: material ids, e.g. [1,2]. At least one.' });

const Sizes = jsonText(idList('size', 'size'), { missing: 'size must be a JSON list of size ids, e.g. [1,2].', invalid: 'size must be a JSON list of size ids, e.g. [1,2].' }).openapi({
  type: 'string',
  description: 'JSON text: size ids, e.g. [3,4]; [] for a product in one size.',
});

const KeyPoints = jsonText(
  z.array(z.string({ error: 'Feature is required' }).trim().min(1, 'Feature is required').max(500, 'A feature must be at most 500 characters.'), {
    error: 'key_points must be a JSON list of texts.',
  }).max(30, 'At most 30 features.'),
  { missing: 'key_points must be a JSON list of texts.', invalid: 'key_points must be a JSON list of texts, e.g. ["Hallmarked"].' },
).openapi({ type: 'string', description: 'JSON text: the feature list, e.g. ["BIS hallmarked","Free resizing"].' });

const longText = (required: string, empty: string, label: string) =>
  z.string({ error: required }).trim().min(1, empty).max(20_000, `${label} must be at most 20000 characters.`);

const productFields = {
  name: requiredText('Product name is required.', 200, 'Product name'),
  cate_id: recordId('cate_id', 'Category is required.'),
  offer: requiredText('Offer is required.', 200, 'Offer'),
  description: longText('Product Description is required', 'Product Description cannot be empty', 'Product Description'),
  specifications: longText('Product Specification is required', 'Product Specification cannot be empty', 'Product Specification'),
  materials: Materials,
  size: Sizes,
  caratPrices: CaratPrices,
  key_points: KeyPoints,
  is_bestseller: flag('is_bestseller'),
  isReel: flag('isReel'),
  partial_refund: flag('partial_refund').openapi({ description: "1: in the shop policy's partial-refund collection (only part of the price refunded on return)." }),
  non_returnable: NonReturnable,
};

export const InsertProductFields = z.object({
  ...productFields,
  size: productFields.size.optional(),
  key_points: productFields.key_points.optional(),
  is_bestseller: productFields.is_bestseller.optional(),
  isReel: productFields.isReel.optional(),
  partial_refund: productFields.partial_refund.optional(),
  non_returnable: productFields.non_returnable.optional(),
});

const KeepImages = jsonText(z.array(z.string().max(200), { error: 'keepImages must be a JSON list of file names.' }).max(50), {
  missing: 'keepImages must be a JSON list of file names.',
  invalid: 'keepImages must be a JSON list of file names, e.g. ["ab12.jpg"].',
}).openapi({
  type: 'string',
  description:
    "JSON text: the file names (imageUrl) of this product's current media to keep, in their new order; the others are removed. Leave it out to keep every current file as it is. New files in `images` go after the kept ones.",
});

/** Every field but p_id optional: what is sent is changed, what is left out stays. */
export const UpdateProductFields = z.object({
  p_id: recordId('p_id'),
  name: productFields.name.optional(),
  cate_id: productFields.cate_id.optional(),
  offer: productFields.offer.optional(),
  description: productFields.description.optional(),
  specifications: productFields.specifications.optional(),
  materials: productFields.materials.optional(),
  size: productFields.size.optional(),
  caratPrices: productFields.caratPrices.optional(),
  key_points: productFields.key_points.optional(),
  is_bestseller: productFields.is_bestseller.optional(),
  isReel: productFields.isReel.optional(),
  partial_refund: productFields.partial_refund.optional(),
  non_returnable: productFields.non_returnable.optional(),
  keepImages: KeepImages.optional(),
});

const Images = z.array(FileField).openapi({
  description: `Images or videos (jpg, png, webp, gif, avif; mp4, webm, ogg), judged by their bytes; at most 120MB each and ${MAX_PRODUCT_MEDIA} per product.`,
});

export const insertProduct = createRoute({
  ...adminRoute('catalogue.manage'),
  method: 'post',
  path: '/insertproduct',
  summary: 'Add a product',
  description:
    'Multipart form. materials, size, key_points and caratPrices are JSON text. The product is active at once; the storefront shows it after the next rebuild (its URL works at once).',
  request: { body: multipartBody(InsertProductFields.extend({ images: Images }).openapi('InsertProductForm')) },
  responses: {
    201: jsonOk(Product, 'The new product.'),
    ...adminErrors,
    413: errorResponses[413],
  },
});

export const updateProduct = createRoute({
  ...adminRoute('catalogue.manage'),
  method: 'post',
  path: '/updateproduct',
  summary: 'Edit a product',
  description:
    'Multipart form with p_id; every other field is optional and changes only what it names. cate_id, materials and size replace the product\'s category, materials and sizes; ' +
    'cart and wishlist lines that chose a material or size the product no longer offers stay, answered with available false (they cannot be ordered) until it is offered again. Media: `keepImages` lists the current files to keep (and their order); files in `images` are added after them. ' +
    'caratPrices replaces the carat rows: a carat that stays keeps its pc_id (cart lines remain), a carat left out is removed.',
  request: { body: multipartBody(UpdateProductFields.extend({ images: Images.optional() }).openapi('UpdateProductForm')) },
  responses: {
    200: jsonOk(Product, 'The product as saved.'),
    ...adminErrors,
    404: errorResponses[404],
    413: errorResponses[413],
  },
});

export const ChangeProductStatus = z
  .object({ p_status: flag('p_status').openapi({ type: 'integer', enum: [0, 1] }), p_id: recordId('p_id') })
  .openapi('ChangeProductStatus');

export const changeProductStatus = createRoute({
  ...adminRoute('catalogue.manage'),
  method: 'post',
  path: '/changeproductstatus',
  summary: 'Activate (1) or deactivate (0) a product',
  description: 'An inactive product disappears from the storefront (and its pages) but stays in orders, carts are refused at checkout.',
  request: { body: jsonBody(ChangeProductStatus) },
  responses: {
    200: jsonOk(z.object({ p_id: z.number().int(), p_status: z.union([z.literal(0), z.literal(1)]) }), 'The new status.'),
    ...adminErrors,
    404: errorResponses[404],
  },
});

export const deleteProduct = createRoute({
  ...adminRoute('catalogue.manage'),
  method: 'delete',
  path: '/deleteproduct',
  summary: 'Delete a product',
  description:
    'Not named by the specification ("deleting a product: not shown"); a category or material is freed when no product names it: move its products (/updateproduct) or delete them. ' +
    'Removes the product, its media files, reviews (with their images) and the cart and wishlist lines that chose it; orders keep their own copy of what was bought, picture included. Deactivating (/changeproductstatus) is the gentler choice.',
  request: { query: z.object({ p_id: recordId('p_id') }) },
  responses: {
    200: jsonOk(NoData, 'Deleted.'),
    ...adminErrors,
    404: errorResponses[404],
  },
});
