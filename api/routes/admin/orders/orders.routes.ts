import { createRoute, z } from '@hono/zod-openapi';
import { ORDER_STATUS_LABELS } from '../../../../rules/orders.ts';
import { PAYMENT_STATUSES } from '../../../../rules/payments.ts';
import { errorResponses, jsonBody, jsonOk } from '../../../openapi/schemas.ts';
import { Order } from '../../orders/orders.routes.ts';
import { adminErrors, adminRoute, pageNumber, recordId } from '../admin.schemas.ts';

const STATUS_MESSAGE = 'status must be 1 (Pending), 2 (Processing), 3 (Shipped), 4 (Delivered) or 5 (Cancelled).';
const STATUS_NUMBERS = [1, 2, 3, 4, 5] as const;

export const OrderStatus = z.coerce
  .number<number | string>({ error: STATUS_MESSAGE })
  .int(STATUS_MESSAGE)
  .min(1, STATUS_MESSAGE)
  .max(5, STATUS_MESSAGE)
  .transform((n) => n as 1 | 2 | 3 | 4 | 5)
  .openapi({ type: 'integer', enum: [...STATUS_NUMBERS], description: '1 Pending, 2 Processing, 3 Shipped, 4 Delivered, 5 Cancelled.' });

const StatusNumber = z.number().int().openapi({ enum: [...STATUS_NUMBERS] });

/** An order as the administrator sees it: the shopper's fields and what only the shop sees. */
export const AdminOrder = Order.extend({
  internal_note: z.string().nullable().openapi({ description: 'The shop\'s own note; never in a shopper\'s answer.' }),
  next_statuses: z.array(StatusNumber).openapi({ description: 'The statuses the shop may set next (1->2->3->4; 5 from 1 or 2). Empty once Delivered or Cancelled.' }),
  refund_on_cancel: z.number().nullable().openapi({
    description: 'What cancelling now gives back (the order is paid online), in `currency`: PUT /updateorderstatus with status 5 must echo it as refund_amount. Null when a cancel refunds nothing or cancelling is not allowed.',
  }),
}).openapi('AdminOrder');

export const StatusChange = z
  .object({
    from_status: z.number().int().nullable().openapi({ enum: [...STATUS_NUMBERS, null], description: 'null: the order was placed.' }),
    to_status: StatusNumber,
    payment_status: z.enum(PAYMENT_STATUSES).openapi({ description: 'The payment status after this change.' }),
    actor: z.enum(['shopper', 'shop', 'system']).openapi({ description: 'shopper, shop (an administrator) or system (the payment provider\'s answer, e.g. a refund accepted; then from_status = to_status).' }),
    u_id: z.number().int().nullable(),
    by: z.string().nullable().openapi({ description: 'Full name of the account that made the change.' }),
    note: z.string().nullable(),
    createdAt: z.string().openapi({ description: 'ISO 8601, UTC.' }),
  })
  .openapi('OrderStatusChange');

export const OrderDetail = AdminOrder.extend({
  customer: z
    .object({ u_id: z.number().int(), full_name: z.string(), u_name: z.string(), country_code: z.string(), phone_number: z.string() })
    .nullable()
    .openapi({ description: 'The account that placed the order (null once deleted); the checkout\'s name, phone and e-mail are on the order itself.' }),
  status_history: z.array(StatusChange).openapi({ description: 'Oldest first.' }),
}).openapi('OrderDetail');

export const AllOrdersQuery = z.object({
  page: pageNumber('page', 100_000).optional().openapi({ description: 'With perPage: one page of orders. Without: every order.' }),
  perPage: pageNumber('perPage', 100).optional().openapi({ description: 'Orders per page (1 to 100, default 10 when page is given).' }),
});

export const getAllOrders = createRoute({
  ...adminRoute('orders.view'),
  method: 'get',
  path: '/getallorders',
  summary: 'All orders with their items, newest first',
  description:
    'Each item carries the product, carat, material and size names as they were when the order was placed. Without page/perPage, `data` is every order (read from the store a chunk at a time, so any number of orders is answered); the order desk pages with GET /getorderlist.',
  request: { query: AllOrdersQuery },
  responses: { 200: jsonOk(z.array(AdminOrder), 'The orders.'), ...adminErrors },
});

export const OrderListQuery = z.object({
  page: pageNumber('page', 100_000).default(1),
  perPage: pageNumber('perPage', 100).default(10).openapi({ description: 'Default 10 (the back office offers 10, 15, 20, 25, 30).' }),
  status: OrderStatus.optional().openapi({ description: 'Only orders of this status (1 Pending, 2 Processing, 3 Shipped, 4 Delivered, 5 Cancelled).' }),
  search: z
    .string({ error: 'search must be text.' })
    .trim()
    .max(100, 'search must be at most 100 characters.')
    .optional()
    .openapi({ description: 'An order number (12 or #12), or part of the customer\'s name, phone number or e-mail (case-insensitive).' }),
});

export const getOrderList = createRoute({
  ...adminRoute('orders.view'),
  method: 'get',
  path: '/getorderlist',
  summary: 'The order desk: one page of orders, filtered and searched by the server',
  description: 'Newest first. `totalCount` is the number of orders matching status and search.',
  request: { query: OrderListQuery },
  responses: {
    200: jsonOk(z.object({ orderData: z.array(AdminOrder), totalCount: z.number().int() }), 'One page and the total count.'),
    ...adminErrors,
  },
});

const OrderParam = z.object({
  o_id: recordId('o_id').openapi({ param: { name: 'o_id', in: 'path' } }),
});

export const getOrderDetail = createRoute({
  ...adminRoute('orders.view'),
  method: 'get',
  path: '/getorderdetail/{o_id}',
  summary: 'One order in full: customer, items, payment, status history, note, shipment',
  description:
    'The buyer\'s PAN (`pan`) is whole only to staff holding `pan.view` (owner, accounts), and each such answer writes one audit entry (action pan.view, entity order) before it is sent; masked (XXXXXX234F) to everyone else, as in every order list.',
  request: { params: OrderParam },
  responses: { 200: jsonOk(OrderDetail, 'The order.'), ...adminErrors, 404: errorResponses[404] },
});

const RefundAmount = z
  .number({ error: 'refund_amount must be the amount refunded, a number.' })
  .finite('refund_amount must be the amount refunded, a number.')
  .min(0, 'refund_amount must be the amount refunded, a number.')
  .optional()
  .openapi({
    description:
      'Cancelling (5) an order paid online refunds it: the request must echo the amount (the order\'s total, `refund_on_cancel`, in the order\'s currency) to confirm. Ignored otherwise.',
  });

export const UpdateOrderStatus = z
  .object({
    o_id: recordId('o_id'),
    status: OrderStatus,
    refund_amount: RefundAmount,
    note: z.string({ error: 'note must be text.' }).trim().max(500, 'note must be at most 500 characters.').optional().openapi({ description: 'Kept with this change in the status history.' }),
  })
  .openapi('UpdateOrderStatus');

/** The 409 answer's data: why not, and for a refund to confirm, the amount and currency. */
export const StatusRefusal = z
  .object({
    status: z.literal(0),
    description: z.string().openapi({ example: 'Cancelling order #12 refunds ₹52,340.50 to the shopper. Send refund_amount 52340.5 to confirm.' }),
    data: z
      .object({
        o_id: z.number().int(),
        status: StatusNumber.optional().openapi({ description: 'The order\'s current status (unchanged).' }),
        next_statuses: z.array(StatusNumber).optional(),
        refund_required: z.literal(true).optional().openapi({ description: 'Present when the cancel waits for the refund\'s confirmation.' }),
        refund_amount: z.number().optional().openapi({ description: 'The amount to confirm, in `currency`.' }),
        currency: z.enum(['INR', 'USD']).optional(),
      })
      .nullable(),
  })
  .openapi('OrderStatusRefusal');

export const updateOrderStatus = createRoute({
  ...adminRoute('orders.manage'),
  method: 'put',
  path: '/updateorderstatus',
  summary: "Move an order along its lifecycle",
  description: [
    `One lifecycle: 1 ${ORDER_STATUS_LABELS[1]} -> 2 ${ORDER_STATUS_LABELS[2]} -> 3 ${ORDER_STATUS_LABELS[3]} -> 4 ${ORDER_STATUS_LABELS[4]}; 5 ${ORDER_STATUS_LABELS[5]} from 1 or 2. Delivered and Cancelled are final. Shipped (3) also needs the HUID of every piece (PUT /orderhuid; 409 otherwise) and issues the order\'s GST tax invoice (GET /invoice/{o_id}). Any other change is refused with 409, a sentence saying why and the order's current status and allowed next statuses; nothing changes. Every change is recorded (from, to, who, when, note).`,
    '',
    'Cancelling an order paid online refunds it, so it needs the confirmation: without `refund_amount` equal to the order\'s total the answer is 409 with `data.refund_required`, `data.refund_amount` and `data.currency` (ask "Cancel order #N and refund ₹X to the shopper?", then send the amount). The refund is asked of the payment provider at once (payment_status refunded when it accepts, refund_pending while it is asked again every 10 minutes).',
    '',
    'Cash on delivery: payment_status becomes paid when the order is Delivered.',
  ].join('\n'),
  request: { body: jsonBody(UpdateOrderStatus) },
  responses: {
    200: jsonOk(
      z.object({
        o_id: z.number().int(),
        status: StatusNumber,
        payment_status: z.enum(PAYMENT_STATUSES),
        refund_amount: z.number().nullable().openapi({ description: 'What this change gives back; null when nothing.' }),
      }),
      'The new status.',
    ),
    ...adminErrors,
    404: errorResponses[404],
    409: { content: { 'application/json': { schema: StatusRefusal } }, description: 'Refused by the lifecycle, or a refund to confirm; nothing changed.' },
  },
});

const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text.` })
    .trim()
    .max(max, `${field} must be at most ${max} characters.`)
    .nullable()
    .optional()
    .transform((v) => v || null);

export const UpdateOrderNote = z
  .object({ o_id: recordId('o_id'), internal_note: optionalText('internal_note', 2000).openapi({ type: 'string', description: 'Empty or null clears it.' }) })
  .openapi('UpdateOrderNote');

export const updateOrderNote = createRoute({
  ...adminRoute('orders.manage'),
  method: 'put',
  path: '/updateordernote',
  summary: "Set an order's internal note (the shop's own; shoppers never see it)",
  request: { body: jsonBody(UpdateOrderNote) },
  responses: {
    200: jsonOk(z.object({ o_id: z.number().int(), internal_note: z.string().nullable() }), 'Saved.'),
    ...adminErrors,
    404: errorResponses[404],
  },
});

export const UpdateOrderShipment = z
  .object({
    o_id: recordId('o_id'),
    courier_name: optionalText('courier_name', 100).openapi({ type: 'string', description: 'Empty or null clears it.' }),
    tracking_number: optionalText('tracking_number', 100).openapi({ type: 'string', description: 'Empty or null clears it.' }),
  })
  .openapi('UpdateOrderShipment');

export const updateOrderShipment = createRoute({
  ...adminRoute('orders.manage'),
  method: 'put',
  path: '/updateordershipment',
  summary: 'Set the courier and tracking number the shopper sees in Track Your Order',
  request: { body: jsonBody(UpdateOrderShipment) },
  responses: {
    200: jsonOk(z.object({ o_id: z.number().int(), courier_name: z.string().nullable(), tracking_number: z.string().nullable() }), 'Saved.'),
    ...adminErrors,
    404: errorResponses[404],
    409: errorResponses[409],
  },
});
