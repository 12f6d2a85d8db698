import { createRoute, z } from '@hono/zod-openapi';
import { PriceBreakup } from '../catalogue/catalogue.schemas.ts';
import { requireUser } from '../../auth.ts';
import { bearer, errorResponses, Id, jsonBody, jsonOk } from '../../openapi/schemas.ts';
import { ErrorEnvelope } from '../../openapi/schemas.ts';
import { PAYMENT_STATUSES } from '../../../rules/payments.ts';
import { AddressFields, Amount, CartItems, CouponName, OwnUserId, PanField, PriceType, QuoteId } from './orders.schemas.ts';
import { UseStoreCredit } from '../store-credit/store-credit.routes.ts';

const PaymentMethod = z
  .string({ error: 'Payment method is required.' })
  .trim()
  .toLowerCase()
  .transform((v, ctx) => {
    if (['cod', 'cash on delivery', 'cash'].includes(v)) return 'cod' as const;
    if (['online', 'online payment', 'card'].includes(v)) return 'online' as const;
    ctx.addIssue({ code: 'custom', message: 'Payment method must be cod (Cash on Delivery) or online (Online Payment).' });
    return z.NEVER;
  })
  .openapi({ type: 'string', enum: ['cod', 'online'], description: '`cod` (also "Cash on Delivery") or `online` (also "Online Payment").' });

export const CreateOrderBody = z
  .object({
    u_id: OwnUserId,
    cartItems: CartItems,
    shipping: Amount('Shipping'),
    subtotal: Amount('Subtotal'),
    discount: Amount('Discount').openapi({ description: 'Discount, rupees or dollars. Without coupon_name, a non-zero discount names the active coupon that gives exactly it on the server\'s subtotal (the oldest if several do).' }),
    total: Amount('Total'),
    priceType: PriceType,
    coupon_name: CouponName,
    ...AddressFields,
    pan: PanField,
    quote_id: QuoteId,
    use_store_credit: UseStoreCredit,
    payment_method: PaymentMethod,
    order_id: z
      .string({ error: 'order_id must be text.' })
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,64}$/, 'order_id is not a payment order id.')
      .optional()
      .openapi({ description: 'Online payment: the provider order id /payment answered.' }),
    payment_status: z
      .string()
      .max(32)
      .optional()
      .openapi({ description: 'Informational (what the return page saw); the server asks the provider.' }),
  })
  .refine((b) => b.payment_method !== 'online' || b.order_id !== undefined, {
    message: 'order_id is required for an online payment.',
    path: ['order_id'],
  })
  .openapi('CreateOrderBody');

export const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(8, 'Idempotency-Key must be 8 to 128 characters.')
    .max(128, 'Idempotency-Key must be 8 to 128 characters.')
    .optional()
    .openapi({
      description: 'Idempotency-Key (headers are case-insensitive): a key unique to this checkout attempt: the same key with the same body answers the same order; with a different body, 409.',
    }),
});

const Money = z.number();

export const OrderItem = z
  .object({
    oi_id: z.number().int(),
    p_id: z.number().int().nullable(),
    quantity: z.number().int(),
    price: Money.openapi({ description: 'Unit price when ordered, in the order\'s currency.' }),
    line_total: Money,
    product: z.object({
      p_id: z.number().int().nullable(),
      name: z.string(),
      images: z.array(z.object({ imageUrl: z.string(), type: z.enum(['image']) })),
    }),
    category: z.object({ cate_id: z.number().int().nullable(), cate_name: z.string().nullable() }),
    carat: z.object({ carat_id: z.number().int().nullable(), name: z.string().nullable() }),
    material: z.object({ m_id: z.number().int().nullable(), name: z.string().nullable() }),
    size: z.object({ size_id: z.number().int().nullable(), size_name: z.string().nullable() }).nullable(),
    huid: z.array(z.string()).openapi({ description: 'The hallmark unique ID (HUID) of each piece, as recorded when packing (one per piece once complete). Verify with the BIS CARE app.' }),
    pricing: z.enum(['rate', 'fixed']).nullable().openapi({ description: 'How the carat row was priced when ordered; null for orders placed before pricing by rate.' }),
    net_weight_g: z.number().nullable().openapi({ description: 'Net metal weight of one piece, grams.' }),
    lead_time_days: z.number().int().nullable().openapi({ description: 'Made to order: the days its carat row took to make when ordered (the delivery estimate moves by it); null in stock.' }),
    breakup: z.union([PriceBreakup, z.null()]).openapi({ description: 'One piece\'s rupee price breakup at the rate it was ordered at (rate-priced rows).' }),
  })
  .openapi('OrderItem', { description: 'A priced snapshot: names and prices as they were when the order was placed.' });

export const Order = z
  .object({
    o_id: z.number().int(),
    u_id: z.number().int().nullable(),
    status: z.number().int().openapi({ description: '1 Pending, 2 Processing, 3 Shipped, 4 Delivered, 5 Cancelled.' }),
    currency: z.enum(['INR', 'USD']),
    subtotal: Money,
    discount: Money,
    shipping: Money,
    total: Money,
    coupon_name: z.string().nullable(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone_number: z.string(),
    address: z.string(),
    apartment: z.string(),
    city: z.string(),
    state: z.string(),
    zip_code: z.string(),
    country: z.string().openapi({ description: 'ISO 3166 alpha-2 of the destination (IN for orders placed before countries were asked).' }),
    pan: z.string().nullable().openapi({ description: 'The buyer\'s PAN when the order needed one, kept sealed (AES-256-GCM, PAN_KEY): masked (XXXXXX234F) in every list and answer, whole only in GET /getorderdetail to staff holding `pan.view` (owner, accounts), each such answer recorded in the audit trail (pan.view).' }),
    invoice_no: z.string().nullable().openapi({ description: 'The GST tax invoice number once issued (when the order ships); GET /invoice/{o_id} answers its PDF.' }),
    payment_method: z.string().openapi({ description: 'cod, online, or store_credit: the shopper\'s store credit paid the whole total (issue 36), so nothing is collected on delivery and nothing goes through the payment provider.' }),
    payment_status: z.enum(PAYMENT_STATUSES).openapi({
      description:
        'unpaid (cash on delivery not collected yet; stays unpaid when a cash order is cancelled), paid (online payment confirmed by the provider, or cash collected on delivery), refund_pending (cancelled after payment; the refund is asked of the provider), refunded (the provider accepted it: see refund_amount and refunded_at).',
    }),
    refund_amount: Money.nullable().openapi({ description: 'What is being or was given back, in the order\'s currency; null when nothing is.' }),
    store_credit: Money.optional().openapi({
      description:
        'The part of the total paid by the shopper\'s store credit (issue 36), rupees; 0 for none. A payment, not a discount: total is unchanged, and what cash on delivery collects or the provider took is total − store_credit. Cancelling gives it back to the store credit balance.',
    }),
    refunded_at: z.string().nullable().openapi({ description: 'When the provider accepted the refund (ISO 8601, UTC); null until then.' }),
    courier_name: z.string().nullable().openapi({ description: 'The courier carrying the order, once the shop has entered it.' }),
    tracking_number: z.string().nullable().openapi({ description: 'The courier\'s tracking number, once the shop has entered it.' }),
    order_id: z.string().nullable().openapi({ description: 'The payment provider\'s order id (online payments).' }),
    createdAt: z.string(),
    cancellable: z.boolean().openapi({ description: 'Whether the shopper may still cancel it (/cancelorder).' }),
    cancel_until: z.string().nullable().openapi({
      description: "When the shopper's cancellation window closes (ISO 8601, UTC: the shop policy's cancel_window_hours after placing, issue 36) while they may cancel it; null once they may not.",
      example: '2026-11-21T14:00:00.000Z',
    }),
    refund_timing: z.string().nullable().openapi({
      description: "While the shopper may cancel an order paid online: how long its refund takes under the shop policy's refund days (issue 36), as a sentence ends it; null otherwise.",
      example: 'within 7-10 business days',
    }),
    orderItems: z.array(OrderItem),
  })
  .openapi('Order');

const UserParam = z.object({
  u_id: Id.openapi({ type: 'integer', param: { name: 'u_id', in: 'path' }, description: 'The caller\'s own u_id.' }),
});

export const createOrder = createRoute({
  method: 'post',
  path: '/createorder',
  tags: ['Orders'],
  security: bearer,
  summary: 'Place an order',
  description: [
    'Places the caller\'s order from their cart (or one Buy Now line, see cartItems), in one transaction: every line is priced from the catalogue in the account\'s currency, the coupon applied by name (active only; discount = subtotal x percent, rounded half-up to the paisa or cent), shipping 0. A client that names no coupon (storefront.md sends only discount) gets the active coupon whose discount on the server\'s subtotal equals its non-zero discount (the oldest coupon if several do); a discount no active coupon gives is the same 400 as a wrong total. The client\'s subtotal, discount, shipping and total must equal the server\'s (400 otherwise); the order keeps a priced snapshot of each line and the ordered cart lines are removed.',
    '',
    'With quote_id (POST /checkoutquote), the prices that quote holds are charged while it holds and the checkout is the one quoted (409 otherwise, so the shopper sees the new price); without it, today\'s prices.',
    '',
    'Online payment (payment_method online + order_id from /payment): the order is placed only when the provider confirms, server to server, that this order id is PAID for exactly the amount and currency it was opened for and the payment is the caller\'s. The order is what was paid for: the lines and prices /payment held (its quote\'s lock), whatever changed since (the gold rate, the coupon, the cart), its held pieces becoming the sale; the client\'s figures are not checked against today\'s prices. One order per provider order id: a repeat (the shopper\'s return racing the provider\'s webhook) answers the order already placed, with 200. When the order truly cannot be placed after the money was taken (a piece withdrawn, the law), the store refunds the payment itself at once: 409 whose description tells the shopper what happened to their money, with `data` `{ payment_status: "refunded" | "refund_pending", refund_amount, order_id }`.',
    '',
    'Idempotency-Key: the same key with the same body answers the same o_id (200); with a different body, 409.',
  ].join('\n'),
  middleware: [requireUser()] as const,
  request: { headers: IdempotencyHeaders, body: jsonBody(CreateOrderBody) },
  responses: {
    201: jsonOk(z.object({ o_id: z.number().int() }), 'Order placed successfully.'),
    200: jsonOk(z.object({ o_id: z.number().int() }), 'The same order, already placed (Idempotency-Key or payment replay).'),
    400: errorResponses[400],
    402: { content: { 'application/json': { schema: ErrorEnvelope } }, description: 'The provider has not confirmed the payment.' },
    403: errorResponses[403],
    404: errorResponses[404],
    409: errorResponses[409],
    503: { content: { 'application/json': { schema: ErrorEnvelope } }, description: 'The payment provider could not be reached; try again.' },
  },
});

export const getUserOrder = createRoute({
  method: 'post',
  path: '/getuserorder',
  tags: ['Orders'],
  security: bearer,
  summary: 'The caller\'s orders',
  description: 'The same list as GET /getorder/{u_id}: newest first, each with orderItems.',
  middleware: [requireUser()] as const,
  request: { body: jsonBody(z.object({ u_id: OwnUserId }).openapi('GetUserOrderBody')) },
  responses: { 200: jsonOk(z.array(Order), 'The orders.'), 400: errorResponses[400], 403: errorResponses[403] },
});

export const getOrder = createRoute({
  method: 'get',
  path: '/getorder/{u_id}',
  tags: ['Orders'],
  security: bearer,
  summary: 'The caller\'s orders',
  description: '`data` is the list of orders, newest first, each with `orderItems`; amounts in the order\'s `currency` (rupees or dollars).',
  middleware: [requireUser()] as const,
  request: { params: UserParam },
  responses: { 200: jsonOk(z.array(Order), 'The orders.'), 400: errorResponses[400], 403: errorResponses[403] },
});

/** One status the order reached and when. */
const OrderStep = z.object({
  status: z.number().int().openapi({ description: '1 Pending, 2 Processing, 3 Shipped, 4 Delivered, 5 Cancelled.' }),
  at: z.string().openapi({ description: 'When it reached it (ISO 8601, UTC).' }),
});

export const TrackedOrder = Order.extend({
  steps: z.array(OrderStep).openapi({
    description: 'Each change of the order\'s status, oldest first, from the order placed (status 1): the date of each tracking step. A status reached twice (the shop moved it back) is listed each time.',
  }),
  shipped_at: z.string().nullable().openapi({ description: 'When it last became Shipped (ISO 8601, UTC); the delivery estimate counts the courier\'s days from it. Null until shipped.' }),
  delivered_at: z.string().nullable().openapi({ description: 'When it last became Delivered (ISO 8601, UTC); null until then.' }),
  tracking_url: z.string().nullable().openapi({ description: 'The courier\'s own tracking page for tracking_number, when the courier is one the shop knows (Blue Dart, Delhivery, DTDC, India Post, Ecom Express, Xpressbees, FedEx, DHL, UPS); null otherwise.' }),
  tax: z
    .object({
      supply: z.enum(['intra_state', 'inter_state', 'export']),
      taxable: Money,
      cgst: Money,
      sgst: Money,
      igst: Money,
    })
    .openapi({
      description: 'The GST the total includes, in the order\'s currency: CGST + SGST (1.5% each) when delivered in the shop\'s own state, IGST 3% elsewhere in India, none for an export. The tax invoice\'s figures once issued, before that the same figures worked out the same way.',
    }),
}).openapi('TrackedOrder');

const TrackParam = z.object({
  o_id: Id.openapi({ type: 'integer', param: { name: 'o_id', in: 'path' }, description: 'The order number.' }),
});

export const trackOrderRoute = createRoute({
  method: 'get',
  path: '/trackorder/{o_id}',
  tags: ['Orders'],
  security: bearer,
  summary: 'One of the caller\'s orders, with its tracking',
  description:
    'The order as GET /getorder/{u_id} lists it, plus the date of each step (steps, shipped_at, delivered_at), the courier\'s tracking page (tracking_url) and the GST the total includes (tax). Only the caller\'s own order: the owner is the token\'s account, and another account\'s order is answered 404 like one that does not exist (staff holding `orders.view` may look at any).',
  middleware: [requireUser()] as const,
  request: { params: TrackParam },
  responses: { 200: jsonOk(TrackedOrder, 'The order.'), 400: errorResponses[400], 403: errorResponses[403], 404: errorResponses[404] },
});

export const cancelOrderRoute = createRoute({
  method: 'put',
  path: '/cancelorder',
  tags: ['Orders'],
  security: bearer,
  summary: 'Cancel one of the caller\'s orders',
  description:
    'Allowed within the shop policy\'s cancellation window of placing the order (cancel_window_hours of GET /getshoppolicy, 2 hours by default; at exactly its end the window has closed) and only while it is Pending (1) or Processing (2); the order becomes Cancelled (5) and the change is recorded in its history. Later, or once shipped, it is refused with 409 and a sentence saying why, changing nothing. A paid online order is refunded at once (the shopper\'s own cancel is the confirmation) to the original payment method: payment_status becomes refunded when the provider accepts, refund_pending while it is asked again.',
  middleware: [requireUser()] as const,
  request: { body: jsonBody(z.object({ o_id: Id.openapi({ type: 'integer' }), u_id: OwnUserId }).openapi('CancelOrderBody')) },
  responses: {
    200: jsonOk(z.object({ o_id: z.number().int(), status: z.literal(5), payment_status: z.enum(PAYMENT_STATUSES) }), 'Cancelled.'),
    400: errorResponses[400],
    403: errorResponses[403],
    404: errorResponses[404],
    409: errorResponses[409],
  },
});
