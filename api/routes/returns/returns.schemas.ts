import { z } from '@hono/zod-openapi';
import { RETURN_KINDS, RETURN_NOTE_MAX, RETURN_REASON_KEYS, RETURN_REASONS, RETURN_STATUSES } from '../../../rules/returns.ts';
import { MAX_RETURN_PHOTOS, RETURN_PHOTO_TYPES } from '../../../rules/return-photos.ts';
import { recordId } from '../admin/admin.schemas.ts';

const Money = z.number().openapi({ description: 'Major units of `currency` (rupees or dollars).' });

export const ReturnKind = z
  .enum(RETURN_KINDS, { error: 'kind must be refund, exchange or buyback.' })
  .openapi({ description: 'refund (money back), exchange (store credit toward another piece) or buyback (the shop buys the gold back, paid by transfer; not bound to the return window).' });

export const ReturnStatusEnum = z.enum(RETURN_STATUSES).openapi({
  description: 'requested -> approved | rejected -> picked_up -> received -> inspected -> refunded | credited (exchange); withdrawn by the shopper before pick-up.',
});

export const ReturnReasonEnum = z
  .enum(RETURN_REASON_KEYS as [string, ...string[]], { error: `reason must be one of ${RETURN_REASON_KEYS.join(', ')}.` })
  .openapi({ description: Object.entries(RETURN_REASONS).map(([k, v]) => `${k}: ${v}`).join('; ') });

export const ReturnItemView = z
  .object({
    oi_id: z.number().int(),
    product_name: z.string(),
    product_image: z.string().nullable().openapi({ description: 'URL of the product picture as ordered.' }),
    carat_name: z.string().nullable(),
    size_name: z.string().nullable(),
    quantity: z.number().int().openapi({ description: 'Pieces of the line in this request.' }),
    unit_price: Money.openapi({ description: 'One piece\'s price when ordered.' }),
    huids: z.array(z.string()).openapi({ description: 'HUIDs read off the returned pieces at inspection (empty before).' }),
  })
  .openapi('ReturnItem');

export const ReturnEventView = z
  .object({
    status: ReturnStatusEnum,
    actor: z.enum(['shopper', 'shop', 'system']),
    by: z.string().nullable().openapi({ description: 'The name of the account that made the step (null to the shopper for staff, and for the system).' }),
    note: z.string().nullable(),
    createdAt: z.string().openapi({ description: 'ISO 8601, UTC.' }),
  })
  .openapi('ReturnEvent');

export const RefundBreakdown = z
  .object({
    lines: z.array(
      z.object({
        oi_id: z.number().int(),
        product_name: z.string(),
        returned: z.number().int(),
        paid: Money.openapi({ description: 'What was paid for the returned pieces (after the coupon\'s share).' }),
        percent: z.number().openapi({ description: '100, or the partial-refund collection\'s percent.' }),
        value: Money.openapi({ description: 'What comes back for them.' }),
      }),
    ),
    goods: Money,
    shipping_refunded: Money,
    return_shipping: Money.openapi({ description: 'Return shipping the shopper pays, deducted.' }),
    refund: Money.openapi({ description: 'What is paid out (refunded, credited or bought back).' }),
  })
  .openapi('RefundBreakdown');

/** A shopper's photo of the pieces (issue 36): private, read with GET /returnphoto/{rp_id} and the caller's token. */
export const ReturnPhotoView = z
  .object({
    rp_id: z.number().int(),
    content_type: z.enum(RETURN_PHOTO_TYPES),
    size: z.number().int().openapi({ description: 'Bytes, as stored (re-encoded without metadata).' }),
    createdAt: z.string().openapi({ description: 'ISO 8601, UTC.' }),
    url: z.string().openapi({ description: 'GET it with the Authorization header (the owner shopper, or staff with orders.view); never a public address.' }),
  })
  .openapi('ReturnPhoto');

/** A buy-back request's quote (issue 36): valued on the server when the shopper asked, kept, and what the desk pays. */
export const BuybackRequestQuote = z
  .object({
    rate_inr_per_gram: Money.nullable().openapi({ description: 'Rupees per gram of the pieces\' purity; null when they are of more than one (each line\'s rate is in the timeline).' }),
    rate_at: z.string().nullable().openapi({ description: 'When that rate was set (ISO 8601, UTC).' }),
    metal_value: Money.openapi({ description: 'Net weight × rate of all the pieces, rupees.' }),
    payout: Money.openapi({ description: 'What buying them back pays, in the return\'s currency (the policy\'s buy-back percents).' }),
    valid_until: z.string().openapi({ description: 'Until when the quote held (ISO 8601, UTC): the request was made within it.' }),
    words: z.string().openapi({ example: 'Metal value ₹38,062.50 at ₹7,250.00/g (rate of 28 Nov 2026, 6:30 pm); buy-back value ₹34,256.25, quoted when asked and valid until 29 Nov 2026, 6:30 pm.' }),
  })
  .openapi('BuybackRequestQuote');

/** A request as its shopper sees it. */
export const ReturnView = z
  .object({
    r_id: z.number().int(),
    o_id: z.number().int(),
    kind: ReturnKind,
    status: ReturnStatusEnum,
    reason: z.string().openapi({ description: 'A key of the reasons list (see POST /requestreturn).' }),
    reason_text: z.string().openapi({ description: 'The reason in words.' }),
    note: z.string().nullable(),
    currency: z.enum(['INR', 'USD']),
    items: z.array(ReturnItemView),
    estimate: RefundBreakdown.nullable().openapi({ description: 'What the policy gives back for it now (buy-back: null until the desk sets the value at inspection).' }),
    refund_amount: Money.nullable().openapi({ description: 'What was refunded, credited or paid (once refunded or credited); null before.' }),
    payout_method: z.enum(['online', 'bank', 'upi', 'store_credit']).nullable(),
    payout_status: z.enum(['due', 'paid']).nullable().openapi({ description: 'An online refund: due until the payment provider accepts it.' }),
    courier_name: z.string().nullable(),
    tracking_number: z.string().nullable(),
    credit_note_no: z.string().nullable().openapi({ description: 'The GST credit note issued with the refund or credit; GET /creditnote/{r_id} answers its PDF.' }),
    buyback_quote: BuybackRequestQuote.nullable().openapi({ description: 'A buy-back\'s quote made when it was asked; null for a refund or exchange, or a buy-back whose pieces could not be valued then.' }),
    photos: z.array(ReturnPhotoView).openapi({ description: `The shopper's photos of the pieces (at most ${MAX_RETURN_PHOTOS}), oldest first.` }),
    withdrawable: z.boolean().openapi({ description: 'PUT /withdrawreturn is allowed (requested or approved).' }),
    createdAt: z.string(),
    updatedAt: z.string(),
    timeline: z.array(ReturnEventView).openapi({ description: 'Oldest first.' }),
  })
  .openapi('Return');

/** A request in the desk's list. */
export const DeskReturnRow = ReturnView.omit({ timeline: true, withdrawable: true })
  .extend({
    customer_name: z.string().openapi({ description: 'The order\'s name (first and last).' }),
    phone_number: z.string(),
    payout_reference: z.string().nullable().openapi({ description: 'The bank or UPI transfer reference (cash on delivery, buy-back).' }),
    payment_method: z.string().openapi({ description: 'The order\'s: cod or online (online refunds go back through the payment provider).' }),
    next_statuses: z.array(z.string()).openapi({ description: 'What the desk may set next (rules/returns.ts nextReturnStatuses).' }),
  })
  .openapi('DeskReturnRow');

/** One request in full for the desk. */
export const DeskReturn = DeskReturnRow.extend({
  timeline: z.array(ReturnEventView),
  order: z.object({
    o_id: z.number().int(),
    status: z.number().int(),
    payment_method: z.string(),
    payment_status: z.string(),
    total: Money,
    shipping: Money,
    createdAt: z.string(),
    deliveredAt: z.string().nullable(),
    invoice_no: z.string().nullable(),
    email: z.string(),
  }),
  customer: z.object({ u_id: z.number().int(), full_name: z.string(), phone_number: z.string() }).nullable(),
  refund_required: z
    .boolean()
    .openapi({ description: 'Refunded or credited must echo `estimate.refund` as refund_amount (buy-back: the value the desk pays, any amount, confirmed the same way).' }),
}).openapi('DeskReturn');

export const ReturnParam = z.object({ r_id: recordId('r_id').openapi({ param: { name: 'r_id', in: 'path' } }) });

export const ReturnNote = z
  .string({ error: 'note must be text.' })
  .trim()
  .max(RETURN_NOTE_MAX, `note must be at most ${RETURN_NOTE_MAX} characters.`);
