import { createRoute, z } from '@hono/zod-openapi';
import { requireUser } from '../../auth.ts';
import { bearer, errorResponses, Id, jsonBody, jsonOk } from '../../openapi/schemas.ts';
import { adminErrors, adminRoute, recordId } from '../admin/admin.schemas.ts';
import { CartItems, CouponName, PriceType } from '../orders/orders.schemas.ts';
import { HUID_MESSAGE } from '../../../rules/compliance.ts';
import { UseStoreCredit } from '../store-credit/store-credit.routes.ts';

const Money = z.number();

const rupeesOrDollars = (label: string) =>
  z
    .number({ error: `${label} must be an amount.` })
    .finite(`${label} must be an amount.`)
    .min(0, `${label} must be an amount, 0 or more.`)
    .max(10_000_000, `${label} must be at most 1,00,00,000.`);

const Band = z.object({
  up_to_g: z
    .number({ error: 'up_to_g must be a weight in grams.' })
    .int('up_to_g must be whole grams.')
    .min(1, 'up_to_g must be 1 gram or more.')
    .max(100_000, 'up_to_g must be at most 100,000 grams.')
    .openapi({ description: 'Parcels up to this many grams (and above the band before) cost this band\'s price.' }),
  inr_price: rupeesOrDollars('inr_price').openapi({ description: 'Rupees, for orders paid in rupees.' }),
  usd_price: rupeesOrDollars('usd_price').openapi({ description: 'Dollars, for orders paid in dollars.' }),
});

const Zone = z.object({
  name: z.string({ error: 'Each zone needs a name.' }).trim().min(1, 'Each zone needs a name.').max(60, 'A zone name is at most 60 characters.'),
  countries: z
    .array(z.string().trim().regex(/^[A-Za-z]{2}$/, 'countries are ISO 3166 alpha-2 codes (US, GB, ...).').transform((v) => v.toUpperCase()), {
      error: 'countries must be a list of ISO 3166 alpha-2 codes.',
    })
    .min(1, 'Each zone needs at least one country.')
    .max(250),
  bands: z.array(Band, { error: 'bands must be a list.' }).min(1, 'Each zone needs at least one weight band.').max(20, 'At most 20 weight bands per zone.'),
});

export const ShippingRatesBody = z
  .object({ zones: z.array(Zone, { error: 'zones must be a list.' }).max(30, 'At most 30 zones.') })
  .openapi('ShippingRatesBody');

export const ShippingRatesView = z
  .object({
    zones: z.array(Zone),
    countries: z.array(z.object({ code: z.string(), name: z.string(), postal_label: z.string(), region_label: z.string(), postal_pattern: z.string().nullable() })).openapi({
      description: 'Every country the shop ships to (India first), with what it calls its postal code and region and the postal code\'s pattern (null: none needed).',
    }),
    states: z.array(z.object({ name: z.string(), gst_code: z.string(), kind: z.enum(['state', 'union territory']) })).openapi({
      description: 'Every Indian state and union territory with its GST state code.',
    }),
    default_piece_weight_g: z.number().openapi({ description: 'The net weight counted for a piece whose carat row records none.' }),
    packaging_g: z.number(),
  })
  .openapi('ShippingRates');

export const getShippingRates = createRoute({
  method: 'get',
  path: '/getshippingrates',
  tags: ['Shipping and tax'],
  security: [],
  summary: 'The shipping rate table and the destinations the checkout offers',
  description:
    'Shipping in India is free. Abroad, a parcel\'s charge is the first weight band of its country\'s zone that holds its weight (net weight of the pieces plus packaging), in the order\'s currency. A country in no zone is not shipped to.',
  responses: { 200: jsonOk(ShippingRatesView, 'The rate table.') },
});

export const setShippingRates = createRoute({
  ...adminRoute('settings.manage'),
  method: 'post',
  path: '/setshippingrates',
  summary: 'Replace the shipping rate table',
  description: 'Zones of countries (each country in one zone at most, never India), each with weight bands going up in weight.',
  request: { body: jsonBody(ShippingRatesBody) },
  responses: { 200: jsonOk(ShippingRatesBody, 'The table now in force.'), ...adminErrors },
});

export const CodLimitView = z
  .object({
    legal_limit: Money.openapi({ description: 'Rupees: cash of this much or more cannot be taken (Income-tax Act s.269ST).' }),
    admin_cap: Money.nullable().openapi({ description: 'Rupees: the administrator\'s lower cap, or null.' }),
    cod_cap: Money.openapi({ description: 'Rupees: the cap in force; cash on delivery is offered below it, in India only.' }),
  })
  .openapi('CodLimit');

export const getCodLimit = createRoute({
  method: 'get',
  path: '/getcodlimit',
  tags: ['Shipping and tax'],
  security: [],
  summary: 'The cash-on-delivery cap',
  responses: { 200: jsonOk(CodLimitView, 'The cap.') },
});

export const setCodLimit = createRoute({
  ...adminRoute('settings.manage'),
  method: 'post',
  path: '/setcodlimit',
  summary: 'Set a cash-on-delivery cap below the law\'s',
  description: 'Rupees; null removes it (the law\'s ₹2,00,000 then applies). A cap above the law\'s is refused.',
  request: {
    body: jsonBody(
      z
        .object({
          cod_cap: z
            .number({ error: 'cod_cap must be an amount in rupees, or null.' })
            .finite('cod_cap must be an amount in rupees, or null.')
            .min(1, 'cod_cap must be 1 rupee or more.')
            .max(200_000, 'cod_cap cannot be above ₹2,00,000: cash of that much cannot be taken (s.269ST).')
            .nullable(),
        })
        .openapi('SetCodLimitBody'),
    ),
  },
  responses: { 200: jsonOk(CodLimitView, 'The cap now in force.'), ...adminErrors },
});

export const CheckoutQuoteBody = z
  .object({
    cartItems: CartItems,
    coupon_name: CouponName,
    priceType: PriceType,
    use_store_credit: UseStoreCredit,
    country: z
      .string({ error: 'country must be an ISO 3166 alpha-2 code (IN, US, GB, ...).' })
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'country must be an ISO 3166 alpha-2 code (IN, US, GB, ...).')
      .transform((v) => v.toUpperCase())
      .optional()
      .openapi({ description: 'Destination; IN when absent.' }),
    phone_number: z
      .string({ error: 'phone_number must be text.' })
      .trim()
      .max(20, 'Phone number must be 6 to 15 digits.')
      .optional()
      .openapi({ description: 'The delivery phone, once typed: the law\'s limits over a day count it as the buyer too (cod_allowed, pan_required), as /payment and /createorder will.' }),
  })
  .openapi('CheckoutQuoteBody');

export const CheckoutQuote = z
  .object({
    quote_id: z.string().openapi({ description: 'Send it with /payment and /createorder: they charge this quote\'s prices while it holds.' }),
    locked_until: z.string().openapi({
      description:
        'ISO 8601 (UTC): until then the prices, coupon, shipping and tax of this quote hold, whatever the gold rate, the coupon or the shipping table do meanwhile (QUOTE_LOCK_MINUTES, 15 by default). Ask again after it for a new quote.',
    }),
    currency: z.enum(['INR', 'USD']),
    subtotal: Money,
    discount: Money,
    shipping: Money,
    total: Money,
    country: z.string(),
    weight_g: z.number().int().openapi({ description: 'Parcel weight shipping is charged for.' }),
    zone: z.string().nullable(),
    cod_allowed: z.boolean(),
    cod_message: z.string().nullable().openapi({ description: 'Why Cash on Delivery is not offered (shown as is), or null.' }),
    cod_cap: Money.openapi({ description: 'Rupees.' }),
    pan_required: z.boolean().openapi({ description: 'The order needs the buyer\'s PAN (₹2,00,000 or more in India).' }),
    store_credit_available: Money.openapi({ description: 'Rupees of store credit the caller has (issue 36); 0 for none.' }),
    store_credit: Money.openapi({
      description:
        'With use_store_credit: the store credit this order would use now (all of the balance up to the total; rupee orders only), else 0. A payment, not a discount: total and GST are unchanged. Decided again from the ledger when the order is placed.',
    }),
    amount_due: Money.openapi({ description: 'total less store_credit: what cash on delivery collects or /payment asks of the provider (its order_amount); 0 when store credit pays it all.' }),
    gst_included: z.boolean().openapi({
      description:
        'Whether the prices carry India\'s 3% GST: true when delivered in India, false for an export (zero-rated, whatever the currency). Listed rupee prices include GST, listed dollar prices exclude it; the line prices here are what this destination pays.',
    }),
    lines: z
      .array(
        z.object({
          c_id: z.number().int().nullable().openapi({ description: 'The cart line; null for a Buy Now line.' }),
          listed_price: Money.openapi({ description: 'The unit price the catalogue lists in this currency.' }),
          price: Money.openapi({ description: 'The unit price for this destination: GST added (dollars to India) or taken off (rupees abroad) as it applies.' }),
          quantity: z.number().int(),
          line_total: Money,
        }),
      )
      .openapi({ description: 'The lines priced, each with its cart line.' }),
  })
  .openapi('CheckoutQuote');

export const checkoutQuote = createRoute({
  method: 'post',
  path: '/checkoutquote',
  tags: ['Orders'],
  security: bearer,
  summary: 'Price the caller\'s checkout for a destination',
  description:
    'The totals /createorder and /payment will expect for this cart (or Buy Now line), coupon and country, with the shipping charge, and what the law allows: whether Cash on Delivery is offered (and why not) and whether a PAN is needed. The price is held (gold rate protection): with its quote_id, /payment and /createorder charge exactly this until locked_until, if the checkout is still the one quoted.',
  middleware: [requireUser()] as const,
  request: { body: jsonBody(CheckoutQuoteBody) },
  responses: { 200: jsonOk(CheckoutQuote, 'The quote.'), 400: errorResponses[400], 403: errorResponses[403], 404: errorResponses[404], 409: errorResponses[409] },
});

const Huid = z.string({ error: HUID_MESSAGE }).openapi({ example: 'AB12C4' });

export const OrderHuidBody = z
  .object({
    o_id: recordId('o_id'),
    items: z
      .array(z.object({ oi_id: recordId('oi_id'), huid: z.array(Huid, { error: 'huid must be a list of HUIDs, one per piece.' }).max(99) }), {
        error: 'items must be a list of { oi_id, huid: [..] }.',
      })
      .min(1, 'items must name at least one order line.')
      .max(100),
  })
  .openapi('OrderHuidBody');

export const OrderHuids = z
  .object({
    o_id: z.number().int(),
    complete: z.boolean().openapi({ description: 'Every piece has its HUID: the order may be marked Shipped.' }),
    items: z.array(z.object({ oi_id: z.number().int(), quantity: z.number().int(), huid: z.array(z.string()) })),
  })
  .openapi('OrderHuids');

export const setOrderHuid = createRoute({
  ...adminRoute('orders.manage'),
  method: 'put',
  path: '/orderhuid',
  summary: 'Record the HUID of each piece of an order',
  description:
    'When packing: each named line\'s HUIDs (6 letters or digits, one per piece, at most its quantity) replace what it had. Refused once the order has shipped or is cancelled. An order cannot be marked Shipped until every piece has one. A HUID identifies one hallmarked piece in the country, so it is recorded on one piece of one order at most (a unique index): a HUID already on a piece of another order is answered 409 naming it and that order; cancelling an order releases its HUIDs (the piece goes back to stock).',
  request: { body: jsonBody(OrderHuidBody) },
  responses: { 200: jsonOk(OrderHuids, 'The order\'s HUIDs now.'), ...adminErrors, 404: errorResponses[404], 409: errorResponses[409] },
});

export const getInvoice = createRoute({
  method: 'get',
  path: '/invoice/{o_id}',
  tags: ['Orders'],
  security: bearer,
  summary: 'The order\'s GST tax invoice (PDF)',
  description: 'To the order\'s shopper and the administrator. Issued when the order ships; 404 before. The figures are the ones stored when it was issued.',
  middleware: [requireUser()] as const,
  request: { params: z.object({ o_id: Id.openapi({ type: 'integer', param: { name: 'o_id', in: 'path' } }) }) },
  responses: {
    200: { content: { 'application/pdf': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } }, description: 'The invoice.' },
    400: errorResponses[400],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});
