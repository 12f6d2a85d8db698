import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, jsonBody, jsonOk } from '../../../openapi/schemas.ts';
import { Order } from '../../orders/orders.routes.ts';
import { adminErrors, adminRoute, recordId } from '../admin.schemas.ts';

const STATUS_MESSAGE = 'status must be 1 (Pending), 2 (Processing), 3 (Shipped), 4 (Delivered) or 5 (Cancelled).';

export const OrderStatus = z.coerce
  .number<number | string>({ error: STATUS_MESSAGE })
  .int(STATUS_MESSAGE)
  .min(1, STATUS_MESSAGE)
  .max(5, STATUS_MESSAGE)
  .transform((n) => n as 1 | 2 | 3 | 4 | 5)
  .openapi({ type: 'integer', enum: [1, 2, 3, 4, 5], description: '1 Pending, 2 Processing, 3 Shipped, 4 Delivered, 5 Cancelled.' });

const pageNumber = (field: string, max: number) => {
  const message = `${field} must be a whole number from 1 to ${max}.`;
  return z.coerce.number<number | string>({ error: message }).int(message).min(1, message).max(max, message);
};

export const AllOrdersQuery = z.object({
  page: pageNumber('page', 100_000).optional().openapi({ description: 'With perPage: one page of orders. Without: every order.' }),
  perPage: pageNumber('perPage', 100).optional().openapi({ description: 'Orders per page (1 to 100, default 10 when page is given).' }),
});

export const getAllOrders = createRoute({
  ...adminRoute,
  method: 'get',
  path: '/getallorders',
  summary: 'All orders with their items, newest first',
  description: 'Each item carries the product, carat, material and size names as they were when the order was placed.',
  request: { query: AllOrdersQuery },
  responses: { 200: jsonOk(z.array(Order), 'The orders.'), ...adminErrors },
});

export const UpdateOrderStatus = z.object({ o_id: recordId('o_id'), status: OrderStatus }).openapi('UpdateOrderStatus');

export const updateOrderStatus = createRoute({
  ...adminRoute,
  method: 'put',
  path: '/updateorderstatus',
  summary: "Set an order's status (1-5)",
  description:
    'Any status may follow any other, as the back office allows, except that Shipped (3) needs the HUID of every piece (PUT /orderhuid; 409 otherwise) and issues the order\'s GST tax invoice (GET /invoice/{o_id}). Cancelled (5) refunds an online payment of the order through the payment provider, once (a refund the provider cannot take at that moment is asked again every 10 minutes).',
  request: { body: jsonBody(UpdateOrderStatus) },
  responses: {
    200: jsonOk(z.object({ o_id: z.number().int(), status: z.number().int() }), 'The new status.'),
    ...adminErrors,
    404: errorResponses[404],
    409: errorResponses[409],
  },
});
