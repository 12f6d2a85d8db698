import type { RouteHandler } from '@hono/zod-openapi';
import { listOrdersOf } from '../../../db/queries/orders.ts';
import { actorOf, assertOwnUser } from '../../auth.ts';
import { actingAs } from '../../../db/audit.ts';
import type { AppEnv } from '../../context.ts';
import { invalidError } from '../../../rules/errors.ts';
import { created, ok } from '../../errors.ts';
import { destinationOf } from '../../orders/checkout-law.ts';
import { CURRENCY_OF_FIELD, toMinor } from '../../../rules/money.ts';
import { creditText } from '../../../rules/store-credit.ts';
import { changeOrderStatus } from '../../orders/lifecycle.ts';
import { type OrderRequest, placeOrder, requestHash } from '../../orders/place-order.ts';
import { placePaidOrder } from '../../payments/checkout.ts';
import { ORDER_STATUS } from '../../../rules/orders.ts';
import type { Permission } from '../../../rules/permissions.ts';
import { shopperCurrency } from '../../orders/pricing.ts';
import { paymentProvider } from '../../payments/provider.ts';
import type { cancelOrderRoute, createOrder, getOrder, getUserOrder, trackOrderRoute } from './orders.routes.ts';
import { trackedOrder } from '../../../db/queries/order-tracking.ts';
import { shopPolicy } from '../../../db/queries/shop-policy.ts';
import { refundTiming } from '../../../rules/payments.ts';
import { notFoundError } from '../../../rules/errors.ts';

/** The user a request acts on: the u_id it names (the caller's own, or anyone for staff holding `permission`) or the caller. */
export function ownerOf(c: { var: AppEnv['Variables'] }, u_id: number | undefined, permission: Permission = 'customers.manage'): number {
  const target = u_id ?? c.var.caller.u_id;
  assertOwnUser(c.var.caller, target, permission);
  return target;
}

export const createOrderHandler: RouteHandler<typeof createOrder, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const key = c.req.valid('header')['idempotency-key'];
  const u_id = ownerOf(c, body.u_id);
  const { db, config } = c.var.deps;
  const currency = await shopperCurrency(db, u_id, c.var.caller);
  if (body.priceType && CURRENCY_OF_FIELD[body.priceType] !== currency) {
    throw invalidError(`Prices for this account are in ${currency === 'INR' ? 'rupees (inr_price)' : 'dollars (usd_price)'}. Please refresh the page.`);
  }
  const destination = destinationOf(body);
  const request: OrderRequest = {
    u_id,
    checkout: {
      lines: body.cartItems,
      currency,
      couponName: body.coupon_name ?? null,
      address: {
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email,
        phone_number: body.phone_number,
        address: body.address,
        apartment: body.apartment,
        city: body.city,
        state: destination.state,
        zip_code: destination.zip_code,
        country: destination.country,
      },
      pan: body.pan,
      useStoreCredit: body.use_store_credit === true,
    },
    claimed: { subtotal: body.subtotal, discount: body.discount, shipping: body.shipping, total: body.total },
    payment: body.payment_method === 'online' ? { method: 'online', providerOrderId: body.order_id as string } : { method: 'cod' },
    idempotency: key ? { key, requestHash: requestHash(config.panKey, { u_id, body }) } : undefined,
    quoteId: body.quote_id,
  };
  // An online payment's refusal after the money was taken is settled there (refunded, and said so).
  const result =
    request.payment.method === 'online'
      ? await placePaidOrder(c.var.deps, { ...request, payment: request.payment })
      : await placeOrder(db, paymentProvider(c.var.deps), request, config.panKey);
  const data = { o_id: result.o_id };
  return result.created ? created(c, 'Order placed successfully', data) : ok(c, 'Order placed successfully', data);
};

export const getUserOrderHandler: RouteHandler<typeof getUserOrder, AppEnv> = async (c) => {
  const u_id = ownerOf(c, c.req.valid('json').u_id, 'orders.view');
  return ok(c, 'Orders list.', await listOrdersOf(c.var.deps.db, u_id, c.var.deps.config.panKey));
};

export const getOrderHandler: RouteHandler<typeof getOrder, AppEnv> = async (c) => {
  const u_id = ownerOf(c, c.req.valid('param').u_id, 'orders.view');
  return ok(c, 'Orders list.', await listOrdersOf(c.var.deps.db, u_id, c.var.deps.config.panKey));
};

export const trackOrderHandler: RouteHandler<typeof trackOrderRoute, AppEnv> = async (c) => {
  const { o_id } = c.req.valid('param');
  const { caller } = c.var;
  const { db, config } = c.var.deps;
  // The owner is the token's account: another shopper's order is answered as missing, its existence not theirs to learn.
  const owner = caller.permissions.includes('orders.view') ? undefined : caller.u_id;
  const order = await trackedOrder(db, o_id, owner, config.panKey, config.seller.stateCode);
  if (!order) throw notFoundError('Order not found.');
  return ok(c, 'The order.', order);
};

export const cancelOrderHandler: RouteHandler<typeof cancelOrderRoute, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const u_id = ownerOf(c, body.u_id, 'orders.manage');
  const { caller } = c.var;
  // The shopper's own cancel is the refund's confirmation; the rules' window applies to the order desk here too.
  const cancel = () => changeOrderStatus(c.var.deps, { o_id: body.o_id, to: ORDER_STATUS.cancelled, actor: 'shopper', u_id: caller.u_id, ownerId: caller.permissions.includes('orders.manage') ? undefined : u_id });
  // Staff cancelling here act for the shop: recorded in the audit trail.
  const result = caller.isAdmin ? await actingAs(actorOf(c, caller), cancel) : await cancel();
  const refundText =
    result.payment_method === 'online' && result.refund_amount
      ? `Order cancelled. Your refund will reach your original payment method ${refundTiming(await shopPolicy(c.var.deps.db))}.`
      : 'Order cancelled.';
  // The store credit it used is back in the shopper's balance at once (issue 36).
  const description = result.store_credit_returned > 0 ? `${refundText} ${creditText(toMinor(result.store_credit_returned))} of store credit is back in your account.` : refundText;
  return ok(c, description, { o_id: result.o_id, status: ORDER_STATUS.cancelled, payment_status: result.payment_status });
};
