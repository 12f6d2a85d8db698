import { z } from '@hono/zod-openapi';
import { NON_RETURNABLE_KINDS } from '../../../rules/shop-policy.ts';

/**
 * The catalogue's answer shapes, shared by every route that answers a product
 * (catalogue, cart, wishlist). They mirror db/queries/catalogue.ts.
 */

const Money = z.number().openapi({ description: 'Rupees or dollars, at most two decimals.', example: 52340.5 });

export const Category = z
  .object({
    cate_id: z.number().int(),
    cate_name: z.string(),
    cate_image: z.string().openapi({ description: 'File name under /Category.' }),
    cate_status: z.number().int().openapi({ description: '1 active, 0 inactive (only administrators see inactive ones).' }),
  })
  .openapi('Category');

export const Material = z.object({ m_id: z.number().int(), name: z.string() }).openapi('Material');
export const Size = z.object({ size_id: z.number().int(), size_name: z.string() }).openapi('Size');
export const Carat = z.object({ carat_id: z.number().int(), name: z.string() }).openapi('Carat');

export const PriceBreakup = z
  .object({
    metal: Money.openapi({ description: 'Rupees: net weight x rate.' }),
    making: Money.openapi({ description: 'Rupees: making charge.' }),
    stones: Money.openapi({ description: 'Rupees: stones.' }),
    gst: Money.openapi({ description: 'Rupees: 3% GST on metal + making + stones.' }),
    round_off: Money.openapi({ description: 'Rupees added (or taken, negative) to round the price to the whole rupee.' }),
    without_gst: Money.openapi({
      description: 'Rupees: the price without its GST (metal + making + stones + without_gst_round_off), what an export pays in rupees; `usd_price` is this at the day\'s exchange rate.',
    }),
    without_gst_round_off: Money.openapi({
      description: 'Rupees: without_gst less metal + making + stones, the rounding of the GST-inclusive price to the whole rupee carried into it (under a rupee either way).',
    }),
    weight_g: z.number().openapi({ description: 'Net metal weight, grams (up to 3 decimals).', example: 5.25 }),
    rate: Money.openapi({ description: 'Rupees per gram of this carat the price was made at.' }),
    rate_at: z.string().openapi({ description: 'When that rate was set, ISO 8601 UTC.' }),
  })
  .openapi('PriceBreakup');

export const ProductCarat = z
  .object({
    pc_id: z.number().int(),
    carat_id: z.number().int(),
    inr_price: Money.openapi({ description: 'Rupees, GST included (delivery in India). For rate-priced rows derived by the server.' }),
    usd_price: Money.openapi({
      description: 'Dollars, the export price without India\'s GST (exports are zero-rated; 3% is added for delivery in India). For rate-priced rows: inr_price less its GST (x 100/103) at the day\'s exchange rate.',
    }),
    carat: Carat,
    pricing: z.enum(['rate', 'fixed']).openapi({ description: '"rate": priced from the day\'s metal rate; "fixed": typed by hand.' }),
    net_weight_g: z.number().nullable().openapi({ description: 'Net metal weight, grams.' }),
    making_type: z.enum(['percent', 'per_gram']).nullable().openapi({ description: 'Rate-priced rows: making charge as a percentage of the metal value or rupees per gram.' }),
    making_value: z.number().nullable().openapi({ description: 'The percentage, or rupees per gram.' }),
    stone_value: Money.nullable().openapi({ description: 'Rupees.' }),
    stock: z.number().int().nullable().openapi({ description: 'Pieces in stock; null: made to order (see lead_time_days). 0: sold out.' }),
    lead_time_days: z.number().int().nullable().openapi({ description: 'Days to make or dispatch this row; part of the delivery estimate.' }),
    breakup: z.union([PriceBreakup, z.null()]).openapi({ description: 'Rate-priced rows: how the rupee price is made up; null for fixed rows.' }),
  })
  .openapi('ProductCarat');

export const Product = z
  .object({
    p_id: z.number().int(),
    name: z.string(),
    cate_id: z.number().int(),
    description: z.string(),
    specifications: z.string(),
    offer: z.string(),
    materials: z.array(z.number().int()).openapi({ description: 'Material ids.' }),
    size: z.array(z.number().int()).openapi({ description: 'Size ids; empty when the product has one size.' }),
    key_points: z.array(z.string()),
    is_bestseller: z.union([z.literal(0), z.literal(1)]),
    isReel: z.union([z.literal(0), z.literal(1)]),
    p_status: z.union([z.literal(0), z.literal(1)]),
    partial_refund: z.union([z.literal(0), z.literal(1)]).openapi({ description: "1: in the shop policy's partial-refund collection (GET /getshoppolicy partial_refund_collection): only part of the price is refunded on return." }),
    non_returnable: z.enum(NON_RETURNABLE_KINDS).nullable().openapi({ description: 'null: returnable under the shop policy; else the kind of piece (custom, engraved, personalised) that cannot be returned unless defective.' }),
    createdAt: z.string().openapi({ description: 'ISO 8601, UTC.' }),
    images: z.array(
      z.object({
        imageUrl: z.string().openapi({ description: 'File name under /Products.' }),
        type: z.enum(['image', 'video']),
      }),
    ),
    category: z.object({ cate_id: z.number().int(), cate_name: z.string() }),
    productcarats: z.array(ProductCarat),
    materialDetails: z.array(Material).openapi({ description: 'The materials named, in the order of `materials`.' }),
    sizeDetails: z.array(Size).openapi({ description: 'The sizes named, in the order of `size`.' }),
    listed_pc_id: z.number().int().nullable().openapi({
      description:
        'The carat row (pc_id in productcarats) whose price and purity the listing shows for this product: in POST /getallproducts the first row the filter matched (carat, price, stock), elsewhere the first row. null when the product has no carat rows.',
    }),
  })
  .openapi('Product');

/** One product as POST /getproductbyid answers it: the product and what the shop policy promises for it. */
export const ProductDetails = Product.extend({
  promises: z.array(z.string()).openapi({
    description:
      "What the shop policy (GET /getshoppolicy) promises about returning and exchanging this piece, from its partial_refund and non_returnable flags: a line or two, in the words the pre-rendered product page says them (rules/shop-policy.ts productPromises).",
    example: ['Returns within 2 hours of delivery', "Exchange at 100% of the gold's value at the day's rate"],
  }),
}).openapi('ProductDetails');

export const ProductPage = z
  .object({
    productData: z.array(Product),
    totalCount: z.number().int().openapi({ description: 'How many products the whole selection holds.' }),
    suggestions: z
      .array(z.string())
      .optional()
      .openapi({ description: 'POST /getallproducts with filter.search that found nothing: the catalogue words nearest to the text (did you mean).' }),
  })
  .openapi('ProductPage');

export const Coupon = z
  .object({
    coupon_id: z.number().int().optional().openapi({ description: 'Administrators only.' }),
    coupon_name: z.string(),
    discount: z.string().openapi({ description: 'Percentage as numeric text ("10", "12.5").', example: '10' }),
    c_status: z.number().int().optional().openapi({ description: 'Administrators only: 1 active, 0 inactive.' }),
  })
  .openapi('Coupon');

export const Review = z
  .object({
    r_id: z.number().int(),
    u_id: z.number().int().nullable(),
    u_name: z.string(),
    p_id: z.number().int().nullable().openapi({ description: 'null for a testimonial written in the back office.' }),
    message: z.string(),
    rating: z.number().int().min(1).max(5),
    images: z.array(z.string()).openapi({ description: 'File names under /Reviews.' }),
    review_image: z.string().nullable().openapi({ description: 'The first image, or null.' }),
    createdAt: z.string(),
  })
  .openapi('Review');

export const SliderImage = z
  .object({
    s_id: z.number().int(),
    image: z.string().openapi({ description: 'File name under /Sliders.' }),
    eyebrow: z.string().nullable().optional().openapi({ description: 'The banner\'s words, shown over the picture as text (null or absent: none).' }),
    headline: z.string().nullable().optional(),
    subline: z.string().nullable().optional(),
  })
  .openapi('SliderImage');
