import { createRouter } from '../../router.ts';
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
  return createRouter()
    .openapi(getAllOrders, getAllOrdersHandler)
    .openapi(getOrderList, getOrderListHandler)
    .openapi(getOrderDetail, getOrderDetailHandler)
    .openapi(updateOrderStatus, updateOrderStatusHandler)
    .openapi(updateOrderNote, updateOrderNoteHandler)
    .openapi(updateOrderShipment, updateOrderShipmentHandler);
}
