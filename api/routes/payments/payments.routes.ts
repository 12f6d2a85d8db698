import { createRoute, z } from '@hono/zod-openapi';
import { requireUser } from '../../auth.ts';
import { bearer, ErrorEnvelope, errorResponses, jsonBody, jsonOk } from '../../openapi/schemas.ts';
import { adminErrors, adminRoute, pageNumber } from '../admin/admin.schemas.ts';
import { PAYMENT_RECORD_STATES } from '../../../rules/payments.ts';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../../../rules/email.ts';
import { AddressFields, Amount, CartItems, CouponName, PanField, PriceType, QuoteId } from '../orders/orders.schemas.ts';
import { UseStoreCredit } from '../store-credit/store-credit.routes.ts';

const errorContent = (description: string) => ({ content: { 'application/json': { schema: ErrorEnvelope } }, description });

export const PaymentBody = z
  .object({
    order_amount: Amount('Order amount').openapi({ description: 'The total the storefront shows; it must equal the server\'s price of the checkout (with use_store_credit: that price less the store credit the server applies, the amount paid online).' }),
    customer_id: z
      .union([z.string().max(64), z.number()])
      .optional()
      .openapi({ description: 'The caller\'s u_id; another user\'s is refused with 403. The provider gets an id derived from the caller.' }),
    customer_name: z.string({ error: 'Customer name is required.' }).trim().min(1, 'Customer name is required.').max(100, 'Customer name must be at most 100 characters.'),
    customer_email: z
      .string({ error: 'Email is required' })
      .trim()
      .min(1, 'Email is required')
      .max(EMAIL_MAX_LENGTH, 'Invalid email format')
      .regex(EMAIL_PATTERN, 'Invalid email format'),
    customer_phone: z
      .string({ error: 'Phone number is required' })
      .trim()
      .regex(/^\+?[0-9]{6,15}$/, 'Phone number must be 6 to 15 digits.'),
    coupon_name: CouponName,
    pan: PanField,
    cartItems: CartItems,
    priceType: PriceType,
    quote_id: QuoteId,
    use_store_credit: UseStoreCredit,
    return_url: z
      .string()
      .max(2000)
      .optional()
      .openapi({ description: 'A page of this store the provider sends the shopper back to (default /orderconfirm); `order_id` is added to it.' }),
    checkout: z
      .object(AddressFields)
      .optional()
      .openapi({ description: 'The shipping address of the checkout (its country decides shipping, and so the amount). When sent, the provider\'s webhook places the order even if the shopper never returns. Without it the order is priced for India.' }),
  })
  .openapi('PaymentBody');

export const PaymentSession = z
  .object({
    payment_session_id: z.string().openapi({ description: 'For the browser library: Cashfree({ mode }).checkout({ paymentSessionId, returnUrl }).' }),
    order_id: z.string().openapi({ description: 'The provider order id; POST /createorder sends it back after payment.' }),
    amount: z.number().openapi({ description: 'Rupees or dollars, as the server priced the checkout.' }),
    currency: z.enum(['INR', 'USD']),
    provider: z.enum(['sandbox', 'cashfree']),
    mode: z.enum(['sandbox', 'production']),
    locked_until: z.string().openapi({
      description: 'ISO 8601 (UTC): the end of the payment\'s life. Its price holds and its limited pieces are set aside for this shopper until then; the provider accepts no payment started after it.',
    }),
  })
  .openapi('PaymentSession');

export const payment = createRoute({
  method: 'post',
  path: '/payment',
  tags: ['Orders'],
  security: bearer,
  summary: 'Start an online payment for the caller\'s cart',
  description:
    'Prices the caller\'s cart (or the Buy Now line in cartItems) with the coupon (with quote_id: the price that quote holds, while it holds and the checkout is the one quoted; 409 otherwise), checks order_amount against it (without coupon_name, the active coupon whose discount makes order_amount, the oldest if several do; none, 400), opens an order with the payment provider and answers its session. The shopper pays on the provider\'s hosted page, returns to return_url with order_id, and the storefront calls POST /createorder with payment_method online and that order_id.',
  middleware: [requireUser()] as const,
  request: { body: jsonBody(PaymentBody) },
  responses: {
    200: jsonOk(PaymentSession, 'The payment session.'),
    400: errorResponses[400],
    403: errorResponses[403],
    404: errorResponses[404],
    409: errorResponses[409],
    503: errorContent('The payment provider could not be reached; try again.'),
  },
});

export const paymentWebhook = createRoute({
  method: 'post',
  path: '/payment/webhook',
  tags: ['Orders'],
  security: [],
  summary: 'Cashfree payment webhook',
  description:
    'For the cashfree provider. The raw body must carry `x-webhook-signature` = Base64(HMAC-SHA256(x-webhook-timestamp + raw body, secret key)) and a timestamp within 15 minutes; each delivery is accepted once (a replay is refused with 409). The body is only a hint: the server asks Cashfree for the order and, when it is PAID for the recorded amount, places the order from the checkout stored with the payment (once, however it races the shopper\'s return).',
  responses: {
    200: jsonOk(z.object({ outcome: z.string() }), 'Received.'),
    400: errorResponses[400],
    401: errorContent('Missing or invalid signature.'),
    404: errorResponses[404],
    409: errorResponses[409],
    503: errorContent('Cashfree could not be reached to confirm; the webhook may be retried.'),
  },
});

export const paymentConfig = createRoute({
  method: 'get',
  path: '/paymentconfig',
  tags: ['Orders'],
  security: [],
  summary: 'Which payment provider and browser library the storefront loads',
  responses: {
    200: jsonOk(
      z.object({
        provider: z.enum(['sandbox', 'cashfree']),
        mode: z.enum(['sandbox', 'production']),
        sdk_url: z.string().openapi({ description: 'The browser library exposing window.Cashfree.' }),
      }),
      'The provider.',
    ),
    404: errorResponses[404],
  },
});

const SessionParam = z.object({
  payment_session_id: z
    .string()
    .max(200)
    .openapi({ param: { name: 'payment_session_id', in: 'path' } }),
});

export const sandboxPayPage = createRoute({
  method: 'get',
  path: '/sandbox/pay/{payment_session_id}',
  tags: ['Orders'],
  security: [],
  summary: 'Sandbox provider: the hosted payment page',
  description: 'Shows the amount with a Pay and a Fail button (sandbox provider only). The browser library opens it.',
  request: {
    params: SessionParam,
    query: z.object({ return_url: z.string().max(2000).optional() }),
  },
  responses: {
    200: { content: { 'text/html': { schema: z.string() } }, description: 'The page.' },
    400: errorResponses[400],
    404: errorResponses[404],
  },
});

export const sandboxPayOutcome = createRoute({
  method: 'post',
  path: '/sandbox/pay/{payment_session_id}/{outcome}',
  tags: ['Orders'],
  security: [],
  summary: 'Sandbox provider: pay or fail',
  description: 'Marks the sandbox payment paid (placing the order when its checkout was stored) or failed, then redirects to return_url with order_id and txStatus SUCCESS or FAILED.',
  request: {
    params: SessionParam.extend({ outcome: z.enum(['pay', 'fail']).openapi({ param: { name: 'outcome', in: 'path' } }) }),
  },
  responses: {
    303: { description: 'Back to the store: `return_url?order_id=...&txStatus=SUCCESS|FAILED`.' },
    400: errorResponses[400],
    404: errorResponses[404],
  },
});

export const sandboxLibrary = createRoute({
  method: 'get',
  path: '/sandbox/cashfree.js',
  tags: ['Orders'],
  security: [],
  summary: 'Sandbox provider: the browser library (window.Cashfree)',
  responses: {
    200: { content: { 'text/javascript': { schema: z.string() } }, description: 'The library.' },
    404: errorResponses[404],
  },
});

export const PaymentsQuery = z.object({
  page: pageNumber('page', 100_000).default(1),
  perPage: pageNumber('perPage', 100).default(10).openapi({ description: 'Default 10.' }),
  status: z
    .enum([...PAYMENT_RECORD_STATES, 'attention'], { error: `status must be one of ${[...PAYMENT_RECORD_STATES, 'attention'].join(', ')}.` })
    .optional()
    .openapi({ description: 'Only payments in this state; `attention`: those that need it (needs_attention).' }),
});

export const PaymentRecord = z
  .object({
    pay_id: z.number().int(),
    order_id: z.string().openapi({ description: 'The provider\'s order id.' }),
    o_id: z.number().int().nullable().openapi({ description: 'The order placed with it, if any.' }),
    u_id: z.number().int().nullable(),
    amount: z.number().openapi({ description: 'Rupees or dollars.' }),
    currency: z.enum(['INR', 'USD']),
    status: z.enum(PAYMENT_RECORD_STATES).openapi({
      description:
        'created (opened, not paid yet), paid (the provider took it; with o_id its order), refund_pending (a refund asked of the provider, not accepted yet), refunded, abandoned (its life ended unpaid), failed.',
    }),
    needs_attention: z.boolean().openapi({ description: 'Paid with no order past its life (within it the shopper\'s return is still expected), a refund not yet accepted, or open past its life: the reconciliation settles these within PAYMENT_RECONCILE_SECONDS; one that stays is a fault to look into.' }),
    created_at: z.string(),
    updated_at: z.string(),
    locked_until: z.string().nullable().openapi({ description: 'The end of its life: its price lock and its stock holds.' }),
    refund_amount: z.number().nullable().openapi({ description: 'Rupees or dollars given back, once a refund was asked.' }),
    note: z.string().nullable().openapi({ description: 'Why it ended as it did, in words.' }),
  })
  .openapi('PaymentRecord');

export const getPayments = createRoute({
  ...adminRoute('orders.view'),
  method: 'get',
  path: '/getpayments',
  summary: 'Every online payment with its state, newest first',
  description:
    'For the order desk: each payment the store opened with the provider and what became of it. Every payment the provider takes ends as an order or a refund; those still on their way there are `needs_attention`.',
  request: { query: PaymentsQuery },
  responses: { 200: jsonOk(z.object({ paymentData: z.array(PaymentRecord), totalCount: z.number().int() }), 'The payments.'), ...adminErrors },
});
