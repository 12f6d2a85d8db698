import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context.ts';
import { validationHook } from '../../../validation.ts';
import {
  getAllOrdersHandler,
  getOrderDetailHandler,
  getOrderListHandler,
  updateOrderNoteHandler,
  updateOrderShipmentHandler,
  updateOrderStatusHandler,
} from './orders.handlers.ts';
import { getAllOrders, getOrderDetail, getOrderList, updateOrderNote, updateOrderShipment, updateOrderStatus } from './orders.routes.ts';

/** Orders in the back office: the list, the order desk, and the one lifecycle of a status. */
export function ordersAdminRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(getAllOrders, getAllOrdersHandler)
    .openapi(getOrderList, getOrderListHandler)
    .openapi(getOrderDetail, getOrderDetailHandler)
    .openapi(updateOrderStatus, updateOrderStatusHandler)
    .openapi(updateOrderNote, updateOrderNoteHandler)
    .openapi(updateOrderShipment, updateOrderShipmentHandler);
}
