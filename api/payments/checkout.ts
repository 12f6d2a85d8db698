/**
 * The online-payment flow around the providers: opening a payment for the
 * shopper's checkout as the server prices it, and finishing it once the provider
 * says it is paid (from the webhook or the sandbox page; the shopper's return
 * goes through POST /createorder). Both finish through placeOrder, so a payment
 * makes one order however the two race.
 */

import { randomBytes } from 'node:crypto';
import { findOrderByProviderOrderId, findPayment } from '../../db/queries/orders.ts';
import type { Currency } from '../../db/schema.ts';
import type { Deps } from '../context.ts';
import { ApiError, badRequest } from '../errors.ts';
import { assertInStock } from '../../db/queries/stock.ts';
import { type Checkout, placeOrder, priceCheckout, TOTAL_MISMATCH } from '../orders/place-order.ts';
import { normaliseCouponName } from '../orders/pricing.ts';
import { type PaymentProvider, paymentProvider } from './provider.ts';
import { assertLawfulPayment } from '../orders/checkout-law.ts';
import { utcTimestamp } from '../../db/time.ts';

export interface StartPayment {
  u_id: number;
  checkout: Checkout;
  /** The amount the storefront shows, minor units: checked against the server's price. */
  claimedAmount: number;
  customer: { name: string; email: string; phone: string };
  returnUrl: string;
}

/** A provider order id: letters and digits, unguessable, within Cashfree's 45 characters. */
function newProviderOrderId(): string {
  return `order_${Date.now().toString(36)}_${randomBytes(9).toString('hex')}`;
}

/**
 * Opens a payment for a checkout: prices it (cart or Buy Now line, coupon),
 * checks the client's amount, creates the provider's order and records it with
 * the checkout so the webhook can place the order.
 */
export async function startPayment(deps: Pick<Deps, 'db' | 'config'>, request: StartPayment) {
  const { db } = deps;
  const provider = paymentProvider(deps);
  let checkout = request.checkout;
  let priced = await priceCheckout(db, request.u_id, checkout);
  if (!normaliseCouponName(checkout.couponName) && request.claimedAmount < priced.total) {
    // A client naming no coupon (storefront.md's /payment sends only the amount): the coupon that gives the difference, if one does.
    const withCoupon = await priceCheckout(db, request.u_id, checkout, { claimedDiscount: priced.total - request.claimedAmount });
    if (withCoupon.coupon) {
      priced = withCoupon;
      checkout = { ...checkout, couponName: withCoupon.coupon.coupon_name };
    }
  }
  if (request.claimedAmount !== priced.total) throw badRequest(TOTAL_MISMATCH);
  if (priced.total <= 0) throw badRequest('There is nothing to pay for this order.');
  // Refused before the shopper pays, not after: a PAN missing for ₹2,00,000 or more.
  const pan = assertLawfulPayment(priced, 'online', checkout.pan);
  // A sold-out piece is refused before the shopper is sent to pay for it.
  await assertInStock(db, priced.lines);
  const orderId = newProviderOrderId();
  const { paymentSessionId } = await provider.createOrder({
    orderId,
    amount: priced.total,
    currency: priced.currency,
    customer: { id: `u${request.u_id}`, ...request.customer },
    returnUrl: request.returnUrl,
  });
  // The cart lines priced now are the ones the webhook orders, even if the cart grows meanwhile.
  const lines: Checkout['lines'] =
    checkout.lines.source === 'cart'
      ? { source: 'cart', c_ids: priced.lines.flatMap((l) => (l.c_id === null ? [] : [l.c_id])) }
      : checkout.lines;
  await db
    .insertInto('payments')
    .values({
      provider: provider.name,
      provider_order_id: orderId,
      payment_session_id: paymentSessionId,
      u_id: request.u_id,
      currency: priced.currency,
      amount: priced.total,
      status: 'created',
      checkout: JSON.stringify({ ...checkout, lines, pan }),
    })
    .execute();
  return { payment_session_id: paymentSessionId, order_id: orderId, amount: priced.total, currency: priced.currency as Currency };
}

export type FinishOutcome = 'unknown' | 'not_paid' | 'placed' | 'already_placed' | 'paid_awaiting_order';

/**
 * Finishes a payment the provider reports on: asks the provider, records the
 * outcome, and places the order from the stored checkout when it holds an
 * address. Safe to call any number of times, concurrently.
 */
export async function finishPayment(deps: Pick<Deps, 'db' | 'config'>, providerOrderId: string, provider: PaymentProvider = paymentProvider(deps)): Promise<FinishOutcome> {
  const { db } = deps;
  const payment = await findPayment(db, providerOrderId);
  if (!payment || payment.provider !== provider.name) return 'unknown';
  const remote = await provider.getOrder(providerOrderId);
  if (!remote || remote.status !== 'PAID') {
    if (remote && ['EXPIRED', 'TERMINATED', 'FAILED'].includes(remote.status)) {
      await db.updateTable('payments').set({ status: 'failed', updated_at: utcTimestamp() }).where('pay_id', '=', payment.pay_id).where('status', '=', 'created').execute();
    }
    return 'not_paid';
  }
  if (remote.amount !== payment.amount || remote.currency !== payment.currency) {
    console.error(`[payments] ${providerOrderId}: provider reports ${remote.amount} ${remote.currency}, expected ${payment.amount} ${payment.currency}`);
    return 'not_paid';
  }
  await db.updateTable('payments').set({ status: 'paid', updated_at: utcTimestamp() }).where('pay_id', '=', payment.pay_id).where('status', '=', 'created').execute();
  if (await findOrderByProviderOrderId(db, providerOrderId)) return 'already_placed';
  const checkout = payment.checkout ? (JSON.parse(payment.checkout) as Checkout) : null;
  if (!checkout?.address || payment.u_id === null) return 'paid_awaiting_order';
  try {
    const result = await placeOrder(db, provider, {
      u_id: payment.u_id,
      checkout: { ...checkout, address: checkout.address },
      payment: { method: 'online', providerOrderId, confirmed: remote },
    });
    return result.created ? 'placed' : 'already_placed';
  } catch (error) {
    // Paid but not placeable now (a product withdrawn, the cart emptied): the shopper's
    // return or the back office settles it; the payment stays recorded as paid.
    if (error instanceof ApiError) {
      console.error(`[payments] ${providerOrderId}: paid, order not placed: ${error.description}`);
      return 'paid_awaiting_order';
    }
    throw error;
  }
}
