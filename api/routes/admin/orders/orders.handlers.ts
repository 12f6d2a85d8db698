import type { RouteHandler } from '@hono/zod-openapi';
import { listAllOrders, setOrderStatus } from '../../../../db/queries/admin-orders.ts';
import type { AppEnv } from '../../../context.ts';
import { ok } from '../../../errors.ts';
import { refundCancelledOrder } from '../../../orders/refund.ts';
import { shipOrder } from '../../../orders/shipment.ts';
import type { getAllOrders, updateOrderStatus } from './orders.routes.ts';

export const getAllOrdersHandler: RouteHandler<typeof getAllOrders, AppEnv> = async (c) => {
  const { page, perPage } = c.req.valid('query');
  const paging = page === undefined && perPage === undefined ? undefined : { page: page ?? 1, perPage: perPage ?? 10 };
  return ok(c, 'Order list.', await listAllOrders(c.var.deps.db, paging));
};

export const updateOrderStatusHandler: RouteHandler<typeof updateOrderStatus, AppEnv> = async (c) => {
  const { o_id, status } = c.req.valid('json');
  // Shipped needs every piece's HUID and issues the GST tax invoice (api/orders/shipment.ts).
  if (status === 3) await shipOrder(c.var.deps.db, c.var.deps.config.seller, o_id);
  else await setOrderStatus(c.var.deps.db, o_id, status);
  // Cancelled by the shop: an online payment goes back to the shopper (api/orders/refund.ts).
  if (status === 5) await refundCancelledOrder(c.var.deps, o_id);
  return ok(c, 'Order status updated successfully.', { o_id, status });
};
