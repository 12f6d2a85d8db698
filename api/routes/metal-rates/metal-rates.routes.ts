import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonOk } from '../../openapi/schemas.ts';
import { adminErrors, adminRoute, recordId } from '../admin/admin.schemas.ts';
import { MAX_PIECE_PRICE, METAL_RATE_LIMITS, METAL_RATE_MESSAGES } from '../../../rules/pricing.ts';

/**
 * Rupees with at most 2 decimals, above 0 and within `bounds` (rupees; rules/pricing.ts
 * METAL_RATE_LIMITS), answered in paise.
 */
const rupees = (field: string, bounds: { min?: number; max: number; outOfBounds: string }) =>
  z.union([z.number(), z.string()], { error: `${field} is required.` }).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(text) || Number(text) <= 0) {
      ctx.addIssue({ code: 'custom', message: `${field} must be rupees above 0 with at most 2 decimals.` });
      return z.NEVER;
    }
    const [whole, fraction = ''] = text.split('.');
    const paise = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
    if (paise < (bounds.min ?? 0) * 100 || paise > bounds.max * 100) {
      ctx.addIssue({ code: 'custom', message: bounds.outOfBounds });
      return z.NEVER;
    }
    return paise;
  });

const { perGramMax, usdInrMin, usdInrMax } = METAL_RATE_LIMITS;

export const SetMetalRatesBody = z
  .object({
    rates: z
      .array(
        z.object({
          carat_id: recordId('carat_id', 'Carat is required.'),
          inr_per_gram: rupees('Rate per gram', { max: perGramMax, outOfBounds: METAL_RATE_MESSAGES.perGramOverMax }).openapi({
            type: 'number',
            exclusiveMinimum: 0,
            maximum: perGramMax,
            description: `Rupees per gram of this carat, above 0 and at most ${perGramMax}.`,
            example: 7250,
          }),
        }),
        { error: 'rates must be a list of {carat_id, inr_per_gram}.' },
      )
      .max(50, 'At most 50 rates.'),
    usd_inr: rupees('Rupees per dollar', { min: usdInrMin, max: usdInrMax, outOfBounds: METAL_RATE_MESSAGES.usdInrOutOfRange }).openapi({
      type: 'number',
      minimum: usdInrMin,
      maximum: usdInrMax,
      description: `Rupees per dollar, from ${usdInrMin} to ${usdInrMax}.`,
      example: 84.5,
    }),
    confirm: z.boolean({ error: 'confirm must be true or false.' }).optional().openapi({
      description: 'true saves rates the guard asks to confirm (a move past the owner\'s threshold, purities out of order), after the owner has read the warning.',
    }),
  })
  .openapi('SetMetalRatesBody');

const CaratRate = z
  .object({
    carat_id: z.number().int(),
    name: z.string(),
    inr_per_gram: z.number().nullable().openapi({ description: 'Rupees per gram; null when never set.' }),
    updatedAt: z.string().nullable().openapi({ description: 'When this carat\'s rate was set, ISO 8601 UTC.' }),
  })
  .openapi('CaratRate');

export const MetalRatesView = z
  .object({
    rates: z.array(CaratRate).openapi({ description: 'Every carat with its rate now.' }),
    usd_inr: z.number().nullable().openapi({ description: 'Rupees per dollar; null before the first setting.' }),
    updatedAt: z.string().nullable().openapi({ description: 'When the rates were last set, ISO 8601 UTC.' }),
  })
  .openapi('MetalRates');

const RepricedRow = z
  .object({
    pc_id: z.number().int(),
    p_id: z.number().int(),
    name: z.string(),
    carat_id: z.number().int(),
    carat: z.string(),
    old_inr: z.number(),
    new_inr: z.number(),
    old_usd: z.number(),
    new_usd: z.number(),
  })
  .openapi('RepricedRow');

const RateMove = z
  .object({
    carat_id: z.number().int().nullable().openapi({ description: 'The carat; null for the rupees per dollar.' }),
    name: z.string().openapi({ example: '22K' }),
    from: z.number().openapi({ description: 'The rate in force, rupees (per gram, or per dollar).', example: 7360 }),
    to: z.number().openapi({ description: 'The rate given, rupees.', example: 73600 }),
    percent: z.number().openapi({ description: 'The move in percent of the rate in force, to one decimal; negative when it falls.', example: 900 }),
    large: z.boolean().openapi({ description: "More than the owner's threshold: it needs confirming." }),
  })
  .openapi('RateMove');

const PurityRate = z.object({ carat_id: z.number().int(), name: z.string(), rate: z.number().openapi({ description: 'Rupees per gram after the change.' }) });

const RateOrderProblem = z
  .object({ lower: PurityRate.openapi({ description: 'The less pure carat (18K).' }), higher: PurityRate.openapi({ description: 'The purer carat (22K), whose rate would not be above.' }) })
  .openapi('RateOrderProblem');

/** What the guard against a slip says of some rates (rules/rate-guard.ts): /previewmetalrates answers it, /setmetalrates refuses with it. */
const RateGuard = {
  confirm_required: z.boolean().openapi({ description: 'Whether /setmetalrates needs `confirm: true` to save these rates.' }),
  warning: z
    .string()
    .nullable()
    .openapi({ description: 'The warning in words; null when nothing needs confirming.', example: "22K rate ₹73,600 is 900% above today's ₹7,360: the Temple Necklace would go from ₹4,29,377 to ₹42,93,765. Saving reprices 12 carat rows." }),
  threshold_percent: z.number().openapi({ description: "The owner's threshold: a rate moving more than this percentage needs confirming (GET /getstaffsettings rate_change_percent)." }),
  rate_changes: z.array(RateMove).openapi({ description: 'Every rate that moves from the rate in force, carats first, the rupees per dollar last.' }),
  out_of_order: z.array(RateOrderProblem).openapi({ description: 'Purities whose rates would not rise with purity (18K below 22K, 22K below 24K, 14K below 18K), among those this change sets.' }),
  largest_change: z
    .object({
      inr: z.number().openapi({ description: "The largest rupee price change (`largest`'s new - old), rupees; negative when it falls." }),
      percent: z.number().openapi({ description: 'That change in percent of the old price, to one decimal.' }),
    })
    .nullable()
    .openapi({ description: 'null when no rupee price moves.' }),
};

export const RepricePreview = z
  .object({
    repriced: z.number().int().openapi({ description: 'Rate-priced carat rows recomputed.' }),
    changed: z.number().int().openapi({ description: 'Carat rows whose rupee or dollar price changes; 0: these rates change no price.' }),
    products: z.number().int().openapi({ description: 'Products whose price changes.' }),
    largest: z.union([RepricedRow, z.null()]).openapi({ description: 'The row whose rupee price moves most; null when no rupee price moves.' }),
    changes: z.array(RepricedRow).openapi({ description: 'One page of the rows, largest rupee change first.' }),
    totalCount: z.number().int(),
    ...RateGuard,
  })
  .openapi('RepricePreview');

/** The 409 answer of /setmetalrates: rates to confirm, with what saving them would do. */
export const RateConfirmRefusal = z
  .object({
    status: z.literal(0),
    description: z.string().openapi({
      example: "22K rate ₹73,600 is 900% above today's ₹7,360: the Temple Necklace would go from ₹4,29,377 to ₹42,93,765. Saving reprices 12 carat rows. Check the rates; to save them as they are, send them again with confirm: true.",
    }),
    data: z
      .object({
        repriced: z.number().int().openapi({ description: 'Rate-priced carat rows saving would reprice.' }),
        changed: z.number().int(),
        products: z.number().int(),
        largest: z.union([RepricedRow, z.null()]),
        ...RateGuard,
      })
      .nullable(),
  })
  .openapi('MetalRatesConfirmRefusal');

export const SetMetalRatesResult = z
  .object({
    repriced: z.number().int().openapi({ description: 'Rate-priced carat rows repriced.' }),
    changed: z.number().int().openapi({ description: 'Carat rows whose rupee or dollar price changed; 0: no price changed.' }),
    products: z.number().int().openapi({ description: 'Products whose price changed.' }),
    largest: z.union([RepricedRow, z.null()]).openapi({ description: 'The row whose rupee price moved most; null when no rupee price moved.' }),
    rates: MetalRatesView,
  })
  .openapi('SetMetalRatesResult');

export const RateHistoryEntry = z
  .object({
    rc_id: z.number().int(),
    createdAt: z.string(),
    usd_inr: z.number(),
    rows_repriced: z.number().int(),
    rates: z.array(z.object({ carat_id: z.number().int(), name: z.string(), inr_per_gram: z.number() })),
  })
  .openapi('MetalRateHistoryEntry');

export const getMetalRates = createRoute({
  method: 'get',
  path: '/getmetalrates',
  tags: ['Catalogue'],
  security: [],
  summary: 'The day\'s metal rates and the rupee-to-dollar rate',
  description: 'Every carat with its rupees per gram now (null when never set), the rupees per dollar, and when they were set.',
  responses: { 200: jsonOk(MetalRatesView, 'The rates now.') },
});

export const setMetalRates = createRoute({
  ...adminRoute('rates.manage'),
  method: 'post',
  path: '/setmetalrates',
  summary: 'Set the day\'s metal rates and reprice',
  description:
    'Keeps the rates given (carats left out keep theirs) and the rupees per dollar, with the time, and in the same transaction reprices every rate-priced carat row ' +
    'of the carats given (every rate-priced row when the dollar rate changes). Answers how many rows were repriced. ' +
    `Refused (400, naming the product, nothing saved) when a repriced row would cost more than a piece may: ${MAX_PIECE_PRICE.INR / 100} rupees (inr_price) or ${MAX_PIECE_PRICE.USD / 100} dollars (usd_price).\n\n` +
    "A slip is refused until confirmed (409, nothing saved): a rate (a carat's, or the rupees per dollar) moving more than the owner's threshold (5% unless set, " +
    'GET /getstaffsettings rate_change_percent) from the rate in force, or purities out of order (18K must be below 22K, 22K below 24K, 14K below 18K, where both have rates). ' +
    'The answer has `data.confirm_required: true`, the warning in words and the effect (rows repriced, the largest price change in rupees and percent, which rates move by how much); ' +
    'the same call with `confirm: true` saves it. POST /previewmetalrates answers the same fields without refusing.',
  request: { body: jsonBody(SetMetalRatesBody) },
  responses: {
    200: jsonOk(SetMetalRatesResult, 'Saved and repriced.'),
    ...adminErrors,
    409: { content: { 'application/json': { schema: RateConfirmRefusal } }, description: 'Rates to confirm: nothing saved.' },
  },
});

export const previewMetalRates = createRoute({
  ...adminRoute('rates.manage'),
  method: 'post',
  path: '/previewmetalrates',
  summary: 'What setting these rates would reprice, without saving',
  description:
    'The same body as /setmetalrates (without confirm) plus page and perPage for the list of rows (largest rupee change first); refused as /setmetalrates is when a row would cost more than a piece may. ' +
    'Answers what the guard against a slip would say (confirm_required, warning, rate_changes, out_of_order, largest_change) without refusing, so the screen can warn before saving.',
  request: {
    body: jsonBody(
      SetMetalRatesBody.omit({ confirm: true }).extend({
        page: z.coerce.number<number | string>().int().min(1).max(100_000).optional(),
        perPage: z.coerce.number<number | string>().int().min(1).max(500).optional(),
      }).openapi('PreviewMetalRatesBody'),
    ),
  },
  responses: { 200: jsonOk(RepricePreview, 'What would change.'), ...adminErrors },
});

export const getMetalRateHistory = createRoute({
  ...adminRoute('dashboard.view'),
  method: 'get',
  path: '/getmetalratehistory',
  summary: 'The latest rate settings, newest first',
  request: {
    query: z.object({ limit: z.coerce.number<number | string>().int().min(1).max(500).default(50) }),
  },
  responses: { 200: jsonOk(z.array(RateHistoryEntry), 'The history.'), ...adminErrors },
});

export const LowStockRow = z
  .object({
    pc_id: z.number().int(),
    p_id: z.number().int(),
    name: z.string(),
    carat: z.string(),
    stock: z.number().int().openapi({ description: 'Pieces left; 0: sold out.' }),
  })
  .openapi('LowStockRow');

export const getLowStock = createRoute({
  ...adminRoute('dashboard.view'),
  method: 'get',
  path: '/getlowstock',
  summary: 'Carat rows with few pieces left (sold out first), for the dashboard',
  request: {
    query: z.object({
      atMost: z.coerce.number<number | string>().int().min(0).max(1000).default(2),
      limit: z.coerce.number<number | string>().int().min(1).max(100).default(20),
    }),
  },
  responses: { 200: jsonOk(z.array(LowStockRow), 'The rows, fewest pieces first.'), ...adminErrors },
});
