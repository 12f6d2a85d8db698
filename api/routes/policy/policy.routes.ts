import { createRoute, z } from '@hono/zod-openapi';
import { requireUser } from '../../auth.ts';
import { bearer, errorResponses, Id, jsonBody, jsonOk } from '../../openapi/schemas.ts';
import { adminErrors, adminRoute } from '../admin/admin.schemas.ts';
import { DEFAULT_SHOP_POLICY, isPolicyPercent, NON_RETURNABLE_KINDS, RETURN_SHIPPING_PAYERS, SHOP_POLICY_LIMITS } from '../../../rules/shop-policy.ts';

const { windowHoursMax, refundDaysMax, quoteValidDaysMax, returnShippingChargeMax, textMax, collectionMax } = SHOP_POLICY_LIMITS;

const percent = (field: string, label: string) =>
  z
    .number({ error: `${field} must be a percentage from 0 to 100.` })
    .refine(isPolicyPercent, `${label} must be a percentage from 0 to 100, with at most two decimals.`)
    .openapi({ minimum: 0, maximum: 100, example: DEFAULT_SHOP_POLICY[field as 'buyback_metal_percent'] });

const wholeHours = (field: string, label: string, min = 0) => {
  const message = `${label} must be a whole number of hours from ${min} to ${windowHoursMax} (a year).`;
  return z.number({ error: message }).int(message).min(min, message).max(windowHoursMax, message);
};

const refundDays = (field: string) => {
  const message = `${field}: the refund time must be from 1 to ${refundDaysMax} business days.`;
  return z.number({ error: message }).int(message).min(1, message).max(refundDaysMax, message);
};

const text = (field: string, label: string, max: number) =>
  z
    .string({ error: `${label} must be written.` })
    .trim()
    .min(1, `${label} must be written.`)
    .max(max, `${label} must be at most ${max} characters.`);

const chargeMessage = `return_shipping_charge must be rupees from 0 to ${returnShippingChargeMax / 100}, with at most two decimals.`;

/** Every value of the policy, as the owner sets it; each optional (what is left out stays as it is). */
const PolicyFields = {
  cancel_window_hours: wholeHours('cancel_window_hours', 'The cancellation window').openapi({ description: 'Hours after placement a shopper may cancel.', example: 2 }),
  return_window_hours: wholeHours('return_window_hours', 'The return window').openapi({ description: 'Hours after delivery a return may be requested (0: no returns unless defective).', example: 2 }),
  defect_report_hours: wholeHours('defect_report_hours', 'The time to report damage', 1).openapi({ description: 'Hours after delivery damage or a defect must be reported.', example: 2 }),
  return_conditions: text('return_conditions', 'The return conditions', textMax).openapi({ description: 'The condition a returned piece must be in, as the refund page states it.' }),
  non_returnable_kinds: z
    .array(z.enum(NON_RETURNABLE_KINDS, { error: `Non-returnable kinds are some of ${NON_RETURNABLE_KINDS.join(', ')}.` }), { error: `non_returnable_kinds must be a list of ${NON_RETURNABLE_KINDS.join(', ')}.` })
    .max(NON_RETURNABLE_KINDS.length)
    .refine((kinds) => new Set(kinds).size === kinds.length, 'Name each non-returnable kind once.')
    .openapi({ description: 'Kinds of piece that cannot be returned unless defective (a product says which kind it is).' }),
  partial_refund_collection: text('partial_refund_collection', "The collection's name", collectionMax).openapi({ description: 'The collection of which only part of the price is refunded.', example: 'Everyday Collection' }),
  partial_refund_percent: percent('partial_refund_percent', 'The part refunded').openapi({ description: 'Percent of the price refunded for a piece of that collection.' }),
  return_shipping_paid_by: z.enum(RETURN_SHIPPING_PAYERS, { error: 'return_shipping_paid_by must be customer or shop.' }).openapi({ description: 'Who pays return shipping; a defective or wrong item: always the shop.' }),
  return_shipping_charge: z
    .number({ error: chargeMessage })
    .min(0, chargeMessage)
    .max(returnShippingChargeMax / 100, chargeMessage)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, chargeMessage)
    .openapi({ description: 'Rupees deducted from a refund for return shipping when the customer pays it (0: they send it back at their own cost).', example: 0 }),
  refund_days_min: refundDays('refund_days_min').openapi({ description: 'The least business days a refund takes from approval.', example: 7 }),
  refund_days_max: refundDays('refund_days_max').openapi({ description: 'The most business days a refund takes from approval.', example: 10 }),
  shipping_refunded: z.boolean({ error: 'shipping_refunded must be true or false.' }),
  exchange_allowed: z.boolean({ error: 'exchange_allowed must be true or false.' }),
  exchange_metal_percent: percent('exchange_metal_percent', 'The exchange rate for metal').openapi({ description: "Exchange value: percent of today's metal value." }),
  exchange_stone_percent: percent('exchange_stone_percent', 'The exchange rate for stones').openapi({ description: "Exchange value: percent of the stones' value." }),
  exchange_making_percent: percent('exchange_making_percent', 'The exchange rate for making').openapi({ description: 'Exchange value: percent of the making charge.' }),
  buyback_metal_percent: percent('buyback_metal_percent', 'The buy-back rate for metal').openapi({ description: "Buy-back value: percent of today's metal value." }),
  buyback_stone_percent: percent('buyback_stone_percent', 'The buy-back rate for stones').openapi({ description: "Buy-back value: percent of the stones' value." }),
  buyback_making_percent: percent('buyback_making_percent', 'The buy-back rate for making').openapi({ description: 'Buy-back value: percent of the making charge.' }),
  quote_valid_days: z
    .number({ error: `quote_valid_days must be from 1 to ${quoteValidDaysMax} days.` })
    .int(`quote_valid_days must be from 1 to ${quoteValidDaysMax} days.`)
    .min(1, `quote_valid_days must be from 1 to ${quoteValidDaysMax} days.`)
    .max(quoteValidDaysMax, `quote_valid_days must be from 1 to ${quoteValidDaysMax} days.`)
    .openapi({ description: 'Days an exchange or buy-back quote holds.', example: 1 }),
};

export const SetShopPolicyBody = z
  .strictObject(Object.fromEntries(Object.entries(PolicyFields).map(([k, v]) => [k, v.optional()])) as { [K in keyof typeof PolicyFields]: z.ZodOptional<(typeof PolicyFields)[K]> })
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one value of the policy to change.' })
  .openapi('SetShopPolicy');

const PolicyWords = z
  .object({
    cancellation: z.string(),
    returns: z.string(),
    non_returnable: z.string().nullable(),
    partial_refund: z.string().nullable(),
    return_shipping: z.string(),
    refunds: z.string(),
    exchange: z.string(),
    buyback: z.string(),
  })
  .openapi('ShopPolicyWords', { description: 'The policy in sentences, as the legal pages and the product page say it.' });

export const ShopPolicyView = z
  .object({
    cancel_window_hours: z.number().int(),
    return_window_hours: z.number().int(),
    defect_report_hours: z.number().int(),
    return_conditions: z.string(),
    non_returnable_kinds: z.array(z.enum(NON_RETURNABLE_KINDS)),
    partial_refund_collection: z.string(),
    partial_refund_percent: z.number(),
    return_shipping_paid_by: z.enum(RETURN_SHIPPING_PAYERS),
    return_shipping_charge: z.number().openapi({ description: 'Rupees.' }),
    refund_days_min: z.number().int(),
    refund_days_max: z.number().int(),
    shipping_refunded: z.boolean(),
    exchange_allowed: z.boolean(),
    exchange_metal_percent: z.number(),
    exchange_stone_percent: z.number(),
    exchange_making_percent: z.number(),
    buyback_metal_percent: z.number(),
    buyback_stone_percent: z.number(),
    buyback_making_percent: z.number(),
    quote_valid_days: z.number().int(),
    words: PolicyWords,
  })
  .openapi('ShopPolicy');

export const getShopPolicy = createRoute({
  method: 'get',
  path: '/getshoppolicy',
  tags: ['Orders'],
  security: [],
  summary: "The shop's return, exchange and buy-back policy",
  description: 'The values the refund, shipping and terms pages state (cancellation and return windows, non-returnable kinds, the partial-refund collection, return shipping, refund timing, exchange and buy-back rates), with the same said in sentences. Anyone may read it.',
  responses: { 200: jsonOk(ShopPolicyView, 'The policy in force.') },
});

export const setShopPolicy = createRoute({
  ...adminRoute('policy.manage'),
  method: 'put',
  path: '/setshoppolicy',
  summary: "Change the shop's return, exchange and buy-back policy",
  description:
    'Owner only. The values sent replace those in force (what is left out stays); the whole policy is checked, then saved, recorded in the audit trail, and the legal pages and product pages are rebuilt to say it.',
  request: { body: jsonBody(SetShopPolicyBody) },
  responses: { 200: jsonOk(ShopPolicyView, 'Saved; the policy in force.'), ...adminErrors },
});

const QuoteParam = z.object({
  oi_id: Id.openapi({ type: 'integer', param: { name: 'oi_id', in: 'path' }, description: 'The order line (a piece bought here).' }),
});

const ValueLine = z.object({
  value: z.number().openapi({ description: "Rupees: today's value of this part of the piece." }),
  percent: z.number().openapi({ description: "The policy's rate for it." }),
  amount: z.number().openapi({ description: 'Rupees: value × percent.' }),
});

const QuoteSide = z.object({
  metal: ValueLine,
  stones: ValueLine,
  making: ValueLine,
  total: z.number().openapi({ description: 'Rupees: what the shop gives for the piece.' }),
});

export const BuybackQuoteView = z
  .object({
    oi_id: z.number().int(),
    o_id: z.number().int(),
    name: z.string(),
    carat: z.string(),
    quantity: z.number().int(),
    net_weight_g: z.number().openapi({ description: 'Net metal weight of the line (all its pieces), grams.' }),
    rate_per_gram: z.number().openapi({ description: "Rupees per gram of this purity today." }),
    rate_time: z.string().openapi({ description: 'When that rate was set, ISO 8601 UTC.' }),
    valid_until: z.string().openapi({ description: 'The quote holds until then, ISO 8601 UTC.' }),
    metal_value: z.number().openapi({ description: "Rupees: net weight × today's rate." }),
    exchange: QuoteSide.nullable().openapi({ description: 'null when the shop does not take exchanges.' }),
    buyback: QuoteSide,
    words: z.string().openapi({ description: 'The quote in one sentence.' }),
  })
  .openapi('BuybackQuote');

export const buybackQuote = createRoute({
  method: 'get',
  path: '/buybackquote/{oi_id}',
  tags: ['Orders'],
  security: bearer,
  summary: "What a piece bought here is worth today: exchange and buy-back value",
  description:
    "Net metal weight × today's rate for its purity, at the policy's rates for metal, stones and making, valid for the policy's quote days. Only the caller's own delivered piece: another account's line is answered 404 like one that does not exist; a line not yet delivered, or without a recorded weight or today's rate, 409 in words.",
  middleware: [requireUser()] as const,
  request: { params: QuoteParam },
  responses: { 200: jsonOk(BuybackQuoteView, 'The quote.'), 400: errorResponses[400], 403: errorResponses[403], 404: errorResponses[404], 409: errorResponses[409] },
});
