import type { RouteHandler } from '@hono/zod-openapi';
import { listAllOrders, listOrderPage, orderDetail, setInternalNote, setShipment } from '../../../../db/queries/admin-orders.ts';
import { recordPanView } from '../../../../db/queries/pan.ts';
import { toMinor } from '../../../../rules/money.ts';
import { staffPolicy } from '../../../../db/queries/shop-settings.ts';
import type { AppEnv } from '../../../context.ts';
import { ok } from '../../../errors.ts';
import { changeOrderStatus } from '../../../orders/lifecycle.ts';
import type { getAllOrders, getOrderDetail, getOrderList, updateOrderNote, updateOrderShipment, updateOrderStatus } from './orders.routes.ts';

export const getAllOrdersHandler: RouteHandler<typeof getAllOrders, AppEnv> = async (c) => {
  const { page, perPage } = c.req.valid('query');
  const { db, config } = c.var.deps;
  if (page === undefined && perPage === undefined) return ok(c, 'Order list.', await listAllOrders(db, config.panKey));
  const { orderData } = await listOrderPage(db, { page: page ?? 1, perPage: perPage ?? 10 }, config.panKey);
  return ok(c, 'Order list.', orderData);
};

export const getOrderListHandler: RouteHandler<typeof getOrderList, AppEnv> = async (c) => {
  return ok(c, 'Order list.', await listOrderPage(c.var.deps.db, c.req.valid('query'), c.var.deps.config.panKey));
};

export const getOrderDetailHandler: RouteHandler<typeof getOrderDetail, AppEnv> = async (c) => {
  const { o_id } = c.req.valid('param');
  const { db, config } = c.var.deps;
  // The PAN whole only to `pan.view` (owner, accounts), and never unrecorded: the view is in the audit trail before the answer leaves.
  const whole = c.var.caller.permissions.includes('pan.view');
  const order = await orderDetail(db, o_id, { key: config.panKey, whole });
  if (whole && order.pan !== null) await recordPanView(db, o_id);
  return ok(c, 'Order details.', order);
};

export const updateOrderStatusHandler: RouteHandler<typeof updateOrderStatus, AppEnv> = async (c) => {
  const { o_id, status, refund_amount, note } = c.req.valid('json');
  const { caller, deps } = c.var;
  // The order desk refunds up to the owner's limit; owner and manager without one.
  const refundLimit = caller.permissions.includes('orders.refund_any') ? undefined : (await staffPolicy(deps.db)).refundLimit;
  const result = await changeOrderStatus(deps, {
    o_id,
    to: status,
    actor: 'shop',
    u_id: caller.u_id,
    confirmRefundAmount: refund_amount === undefined ? undefined : toMinor(refund_amount),
    note,
    refundLimit,
  });
  const data = { o_id, status: result.status, payment_status: result.payment_status, refund_amount: result.refund_amount };
  return ok(c, 'Order status updated successfully.', data);
};

export const updateOrderNoteHandler: RouteHandler<typeof updateOrderNote, AppEnv> = async (c) => {
  const { o_id, internal_note } = c.req.valid('json');
  await setInternalNote(c.var.deps.db, o_id, internal_note);
  return ok(c, 'Note saved.', { o_id, internal_note });
};

export const updateOrderShipmentHandler: RouteHandler<typeof updateOrderShipment, AppEnv> = async (c) => {
  const { o_id, courier_name, tracking_number } = c.req.valid('json');
  await setShipment(c.var.deps.db, o_id, { courier_name, tracking_number });
  return ok(c, 'Shipment details saved.', { o_id, courier_name, tracking_number });
};
