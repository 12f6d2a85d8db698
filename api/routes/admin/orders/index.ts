import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context.ts';
import { validationHook } from '../../../validation.ts';
import { getAllOrdersHandler, updateOrderStatusHandler } from './orders.handlers.ts';
import { getAllOrders, updateOrderStatus } from './orders.routes.ts';

/** Orders in the back office: every order, and its status. */
export function ordersAdminRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(getAllOrders, getAllOrdersHandler)
    .openapi(updateOrderStatus, updateOrderStatusHandler);
}
