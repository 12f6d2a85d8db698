import { createRouter } from '../router.ts';
import { cancelOrderHandler, createOrderHandler, getOrderHandler, getUserOrderHandler, trackOrderHandler } from './orders.handlers.ts';
import { cancelOrderRoute, createOrder, getOrder, getUserOrder, trackOrderRoute } from './orders.routes.ts';

/** Checkout, order history and cancellation. */
export function ordersRoutes() {
  return createRouter()
    .openapi(createOrder, createOrderHandler)
    .openapi(getUserOrder, getUserOrderHandler)
    .openapi(getOrder, getOrderHandler)
    .openapi(trackOrderRoute, trackOrderHandler)
    .openapi(cancelOrderRoute, cancelOrderHandler);
}
