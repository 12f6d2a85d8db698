import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../context.ts';
import { validationHook } from '../../validation.ts';
import { cancelOrderHandler, createOrderHandler, getOrderHandler, getUserOrderHandler } from './orders.handlers.ts';
import { cancelOrderRoute, createOrder, getOrder, getUserOrder } from './orders.routes.ts';

/** Checkout, order history and cancellation. */
export function ordersRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(createOrder, createOrderHandler)
    .openapi(getUserOrder, getUserOrderHandler)
    .openapi(getOrder, getOrderHandler)
    .openapi(cancelOrderRoute, cancelOrderHandler);
}
