import { createRoute, z } from '@hono/zod-openapi';
import { requireUser } from '../../auth.ts';
import { bearer, errorResponses, jsonBody, jsonOk } from '../../openapi/schemas.ts';
import { MAX_QUANTITY } from '../../../rules/orders.ts';
import { MAX_RETURN_PHOTO_BYTES, MAX_RETURN_PHOTOS, RETURN_PHOTO_TYPES } from '../../../rules/return-photos.ts';
import { RETURN_REASONS } from '../../../rules/returns.ts';
import { FileField, multipartBody, type UploadRules } from '../../uploads.ts';
import { recordId } from '../admin/admin.schemas.ts';
import { RefundBreakdown, ReturnKind, ReturnNote, ReturnParam, ReturnPhotoView, ReturnReasonEnum, ReturnView } from './returns.schemas.ts';

const quantityMessage = `quantity must be a whole number from 1 to ${MAX_QUANTITY}.`;

export const RequestReturnBody = z
  .object({
    o_id: recordId('o_id'),
    items: z
      .array(
        z.object({
          oi_id: recordId('oi_id'),
          quantity: z.coerce.number<number | string>({ error: quantityMessage }).int(quantityMessage).min(1, quantityMessage).max(MAX_QUANTITY, quantityMessage),
        }),
        { error: 'items must be a list of {oi_id, quantity}.' },
      )
      .min(1, 'Choose at least one piece to return.')
      .max(100, 'items may name at most 100 lines.'),
    kind: ReturnKind,
    reason: ReturnReasonEnum,
    note: ReturnNote.optional().openapi({ description: 'The shopper\'s words (at most 1000 characters).' }),
  })
  .openapi('RequestReturnBody');

export const requestReturn = createRoute({
  method: 'post',
  path: '/requestreturn',
  tags: ['Returns'],
  security: bearer,
  summary: 'Ask to return pieces of a delivered order (refund, exchange or buy-back)',
  description: [
    'Only the caller\'s own order, once Delivered. refund and exchange: within the policy\'s return window after delivery (GET /getshoppolicy return_window_hours; a defect, damage or a different piece: defect_report_hours), not for non-returnable pieces (custom, engraved, personalised) unless defective, damaged or not the piece ordered; exchange only while the policy offers it. buyback: any delivered piece, at any time.',
    'Each piece is asked back once: a line cannot be asked beyond its quantity, counting the live requests (rejected and withdrawn ones free their pieces). Refusals are 409 with a sentence; nothing is kept.',
    `Reasons: ${Object.entries(RETURN_REASONS).map(([k, v]) => `\`${k}\` (${v})`).join(', ')}.`,
  ].join('\n\n'),
  middleware: [requireUser()] as const,
  request: { body: jsonBody(RequestReturnBody) },
  responses: {
    200: jsonOk(z.object({ r_id: z.number().int(), status: z.literal('requested'), estimate: RefundBreakdown.nullable() }), 'The request, with what the policy gives back for it (null for a buy-back: valued at inspection).'),
    400: errorResponses[400],
    403: errorResponses[403],
    404: errorResponses[404],
    409: errorResponses[409],
  },
});

export const getReturns = createRoute({
  method: 'get',
  path: '/getreturns',
  tags: ['Returns'],
  security: bearer,
  summary: 'The caller\'s return requests, newest first',
  middleware: [requireUser()] as const,
  responses: { 200: jsonOk(z.array(ReturnView), 'The requests.'), 403: errorResponses[403] },
});

export const ReturnOptions = z
  .object({
    o_id: z.number().int(),
    currency: z.enum(['INR', 'USD']),
    delivered: z.boolean(),
    deliveredAt: z.string().nullable().openapi({ description: 'ISO 8601, UTC.' }),
    return_window_closes_at: z.string().nullable().openapi({ description: 'Refund and exchange until then (ISO 8601, UTC); buy-back has no limit.' }),
    kinds: z.array(ReturnKind).openapi({ description: 'The kinds that may be asked now.' }),
    refusal: z.string().nullable().openapi({ description: 'Why no refund or exchange can be asked now, in words (null: it can).' }),
    reasons: z.array(z.object({ key: z.string(), text: z.string() })),
    lines: z.array(
      z.object({
        oi_id: z.number().int(),
        product_name: z.string(),
        quantity: z.number().int(),
        returnable_quantity: z.number().int().openapi({ description: 'Pieces not yet asked back.' }),
        non_returnable: z.string().nullable().openapi({ description: 'custom, engraved or personalised: returned only when defective, damaged or a different piece (buy-back always).' }),
        refund_percent: z.number().openapi({ description: '100, or the partial-refund collection\'s percent.' }),
        unit_price: z.number(),
      }),
    ),
  })
  .openapi('ReturnOptions');

export const getReturnOptions = createRoute({
  method: 'get',
  path: '/returnoptions/{o_id}',
  tags: ['Returns'],
  security: bearer,
  summary: 'What the caller may ask back from one of their orders, and how',
  middleware: [requireUser()] as const,
  request: { params: z.object({ o_id: recordId('o_id').openapi({ param: { name: 'o_id', in: 'path' } }) }) },
  responses: { 200: jsonOk(ReturnOptions, 'The options.'), 400: errorResponses[400], 403: errorResponses[403], 404: errorResponses[404] },
});

export const withdrawReturn = createRoute({
  method: 'put',
  path: '/withdrawreturn',
  tags: ['Returns'],
  security: bearer,
  summary: 'Withdraw one\'s own return request (until the pieces are picked up)',
  description: 'Requested or approved only; 409 with a sentence once picked up or ended. The pieces may be asked back again.',
  middleware: [requireUser()] as const,
  request: { body: jsonBody(z.object({ r_id: recordId('r_id') }).openapi('WithdrawReturnBody')) },
  responses: {
    200: jsonOk(z.object({ r_id: z.number().int(), status: z.literal('withdrawn') }), 'Withdrawn.'),
    400: errorResponses[400],
    403: errorResponses[403],
    404: errorResponses[404],
    409: errorResponses[409],
  },
});

export const getCreditNote = createRoute({
  method: 'get',
  path: '/creditnote/{r_id}',
  tags: ['Returns'],
  security: bearer,
  summary: 'The GST credit note of a refunded or credited return (PDF)',
  description: 'To the return\'s shopper and staff holding orders.view. Issued when the return is refunded or credited against the order\'s tax invoice; 404 before (and for a buy-back, which issues none).',
  middleware: [requireUser()] as const,
  request: { params: ReturnParam },
  responses: {
    200: { content: { 'application/pdf': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } }, description: 'The credit note.' },
    400: errorResponses[400],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

/** A return photo's upload: one JPEG, PNG or WebP in `file`, judged by its bytes, stored without its metadata in the private folder. */
export const RETURN_PHOTO_UPLOAD: UploadRules = {
  folder: 'ReturnPhotos',
  files: { file: { accept: 'photo', maxCount: 1, maxBytes: MAX_RETURN_PHOTO_BYTES, tooMany: 'Send one photo at a time.' } },
};

export const addReturnPhoto = createRoute({
  method: 'post',
  path: '/addreturnphoto/{r_id}',
  tags: ['Returns'],
  security: bearer,
  summary: 'Attach a photo of the pieces to one\'s own return request',
  description: [
    `One photo per call in \`file\` (multipart/form-data): JPEG, PNG or WebP judged by its bytes (never its name or type), ${MAX_RETURN_PHOTO_BYTES / (1024 * 1024)} MB at most, at most 40 megapixels; stored turned upright and without its metadata (EXIF, GPS position). At most ${MAX_RETURN_PHOTOS} photos to a request, while it is still requested (409 after).`,
    'The photos are private: no public address serves them; GET /returnphoto/{rp_id} with the token answers them to the shopper and to staff holding orders.view. Another shopper\'s request is answered as missing (404).',
  ].join('\n\n'),
  middleware: [requireUser()] as const,
  request: {
    params: ReturnParam,
    body: multipartBody(z.object({ file: FileField.openapi({ description: 'The photo.' }) }).openapi('AddReturnPhotoForm')),
  },
  responses: {
    201: jsonOk(ReturnPhotoView, 'The photo, as GET /getreturns lists it.'),
    400: errorResponses[400],
    403: errorResponses[403],
    404: errorResponses[404],
    409: errorResponses[409],
    413: errorResponses[413],
  },
});

export const getReturnPhoto = createRoute({
  method: 'get',
  path: '/returnphoto/{rp_id}',
  tags: ['Returns'],
  security: bearer,
  summary: 'A return photo\'s bytes (the request\'s shopper, or staff with orders.view)',
  description: 'Sent with Cache-Control: private, no-store and X-Content-Type-Options: nosniff; another shopper\'s photo is answered as missing (404).',
  middleware: [requireUser()] as const,
  request: { params: z.object({ rp_id: recordId('rp_id').openapi({ param: { name: 'rp_id', in: 'path' } }) }) },
  responses: {
    200: { content: Object.fromEntries(RETURN_PHOTO_TYPES.map((type) => [type, { schema: z.string().openapi({ type: 'string', format: 'binary' }) }])), description: `The photo (${RETURN_PHOTO_TYPES.join(', ')}).` },
    400: errorResponses[400],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});
