import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, jsonBody, jsonOk } from '../../../openapi/schemas.ts';
import { DESK_STATUSES, RETURN_STATUSES } from '../../../../rules/returns.ts';
import { DeskReturn, DeskReturnRow, RefundBreakdown, ReturnNote, ReturnParam, ReturnStatusEnum } from '../../returns/returns.schemas.ts';
import { adminErrors, adminRoute, pageNumber, recordId } from '../admin.schemas.ts';

export const ReturnListQuery = z.object({
  page: pageNumber('page', 100_000).default(1),
  perPage: pageNumber('perPage', 100).default(10),
  status: z
    .enum(RETURN_STATUSES, { error: `status must be one of ${RETURN_STATUSES.join(', ')}.` })
    .optional()
    .openapi({ description: 'Only requests of this status.' }),
  search: z
    .string({ error: 'search must be text.' })
    .trim()
    .max(100, 'search must be at most 100 characters.')
    .optional()
    .openapi({ description: 'A return number (#5), an order number, or part of the customer\'s name, phone or e-mail.' }),
});

export const getReturnList = createRoute({
  ...adminRoute('orders.view'),
  method: 'get',
  path: '/getreturnlist',
  summary: 'The returns desk: one page of return, exchange and buy-back requests',
  description: 'Newest first. `totalCount` is the number matching status and search.',
  request: { query: ReturnListQuery },
  responses: { 200: jsonOk(z.object({ rows: z.array(DeskReturnRow), totalCount: z.number().int() }), 'One page and the count.'), ...adminErrors },
});

export const getReturnDetail = createRoute({
  ...adminRoute('orders.view'),
  method: 'get',
  path: '/getreturndetail/{r_id}',
  summary: 'One return request in full: pieces, order, customer, timeline, the refund the policy gives',
  request: { params: ReturnParam },
  responses: { 200: jsonOk(DeskReturn, 'The request.'), ...adminErrors, 404: errorResponses[404] },
});

const text = (field: string, max: number) => z.string({ error: `${field} must be text.` }).trim().max(max, `${field} must be at most ${max} characters.`);

export const UpdateReturnStatus = z
  .object({
    r_id: recordId('r_id'),
    status: z.enum(DESK_STATUSES, { error: `status must be one of ${DESK_STATUSES.join(', ')}.` }).openapi({ description: 'The next step (requested and withdrawn come from the shopper).' }),
    note: ReturnNote.optional().openapi({ description: 'Kept in the timeline; required for rejected (the reason, shown to the shopper).' }),
    courier_name: text('courier_name', 100).optional().openapi({ description: 'picked_up: the courier (required).' }),
    tracking_number: text('tracking_number', 100).optional().openapi({ description: 'picked_up: its tracking number (required).' }),
    huids: z
      .array(z.string({ error: 'Each HUID must be text.' }).trim().toUpperCase().max(20, 'A HUID has 6 letters or digits.'), { error: 'huids must be a list of HUIDs.' })
      .max(1000, 'huids may hold at most 1000.')
      .optional()
      .openapi({ description: 'inspected: the HUID read off each returned piece; they must be the ones recorded when the pieces were sold (a different piece is refused, 409).' }),
    refund_amount: z
      .number({ error: 'refund_amount must be the amount, a number.' })
      .finite('refund_amount must be the amount, a number.')
      .min(0, 'refund_amount must be the amount, a number.')
      .max(1e12, 'refund_amount is too large.')
      .optional()
      .openapi({
        description:
          'refunded / credited: the amount shown (`estimate.refund`, in the order\'s currency) to confirm; without it the answer is 409 with data.refund_amount; another amount is refused. Buy-back: the quote the server made when it was asked (data.buyback_quote of GET /getreturndetail; one without a kept quote is valued at today\'s rate, the GET /buybackquote buy-back value); without refund_amount 409 with data.refund_amount and data.quote, another amount is refused; the quote is recorded in the return\'s timeline.',
      }),
    payout_method: z.enum(['bank', 'upi'], { error: 'payout_method must be bank or upi.' }).optional().openapi({ description: 'refunded, for cash on delivery or a buy-back: how the money was sent.' }),
    payout_reference: text('payout_reference', 100)
      .optional()
      .openapi({ description: 'refunded, for cash on delivery or a buy-back: the bank (UTR) or UPI transfer reference (required).' }),
  })
  .openapi('UpdateReturnStatus');

export const ReturnRefusal = z
  .object({
    status: z.literal(0),
    description: z.string().openapi({ example: 'Refunding return #4 pays ₹23,400.00 to the shopper. Send refund_amount 23400 to confirm.' }),
    data: z
      .object({
        r_id: z.number().int(),
        status: ReturnStatusEnum.optional().openapi({ description: 'The request\'s status now (unchanged).' }),
        next_statuses: z.array(z.string()).optional(),
        refund_required: z.literal(true).optional(),
        refund_amount: z.number().optional().openapi({ description: 'The amount to confirm, in `currency`.' }),
        currency: z.enum(['INR', 'USD']).optional(),
        breakdown: RefundBreakdown.optional(),
        quote: z.string().optional().openapi({ description: 'A buy-back: the pieces valued at today\'s rate, in words (each piece, its rate and the rate\'s time).' }),
      })
      .nullable(),
  })
  .openapi('ReturnStatusRefusal');

export const updateReturnStatus = createRoute({
  ...adminRoute('returns.manage'),
  method: 'put',
  path: '/updatereturnstatus',
  summary: 'Move a return along its lifecycle',
  description: [
    'requested -> approved | rejected (note: the reason) ; approved -> picked_up (courier_name, tracking_number) | rejected ; picked_up -> received ; received -> inspected (huids: each returned piece\'s HUID, matched against the ones recorded when sold; the pieces go back into stock where their row keeps stock, and their HUIDs are released) | rejected ; inspected -> refunded (refund, buy-back) | credited (exchange). Any other change: 409 with a sentence, the status and next_statuses; nothing changes. Every step is in the timeline and the audit trail.',
    'refunded / credited need the confirmation: without refund_amount the answer is 409 with data.refund_required, data.refund_amount, data.currency and the breakdown; another amount is refused. An order paid online is refunded through the payment provider, once, never more than the provider took (the total less the store credit the order used, less earlier refunds of the order): the rest goes back as store credit (two staff confirming at once: one refund, the other 409); cash on delivery and buy-back record the transfer (payout_method, payout_reference). credited grants store credit. A refund or credit against a tax invoice issues the GST credit note (GET /creditnote/{r_id}). Above the staff refund limit: 403 unless the caller holds orders.refund_any.',
  ].join('\n\n'),
  request: { body: jsonBody(UpdateReturnStatus) },
  responses: {
    200: jsonOk(
      z.object({
        r_id: z.number().int(),
        status: ReturnStatusEnum,
        refund_amount: z.number().nullable(),
        payout_method: z.enum(['online', 'bank', 'upi', 'store_credit']).nullable(),
        payout_status: z.enum(['due', 'paid']).nullable(),
        credit_note_no: z.string().nullable(),
        store_credit: z.number().openapi({ description: 'Of refund_amount, what went back as store credit: the part of an order paid with store credit that the payment provider (or the transfer) never took. 0 when none.' }),
        payout_text: z.string().nullable().openapi({ description: 'Where a split refund went, in words (also the timeline note and the e-mail); null when it all went back one way.' }),
      }),
      'The new status.',
    ),
    ...adminErrors,
    404: errorResponses[404],
    409: { content: { 'application/json': { schema: ReturnRefusal } }, description: 'Refused by the lifecycle, HUIDs that do not match, or an amount to confirm; nothing changed.' },
  },
});
