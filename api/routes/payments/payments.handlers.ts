import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { findPaymentBySession } from '../../../db/queries/payments.ts';
import type { AppEnv } from '../../context.ts';
import type { Config } from '../../env.ts';
import { forbiddenError, invalidError, notFoundError } from '../../../rules/errors.ts';
import { ok } from '../../errors.ts';
import { CURRENCY_OF_FIELD, toMajor } from '../../../rules/money.ts';
import { shopperCurrency } from '../../orders/pricing.ts';
import { closeUnpaid, finishPayment, startPayment } from '../../payments/checkout.ts';
import { isoTimestamp, utcTimestamp } from '../../../db/time.ts';
import { listPayments, markOpenPaymentPaid } from '../../../db/queries/payments.ts';
import { destinationOf } from '../../orders/checkout-law.ts';
import type { CheckoutAddress } from '../../orders/place-order.ts';
import { paymentProvider } from '../../payments/provider.ts';
import { SANDBOX_LIBRARY, sandboxPage } from '../../payments/sandbox.ts';
import { receiveCashfreeWebhook } from '../../payments/webhook.ts';
import type { z } from '@hono/zod-openapi';
import type { getPayments, PaymentBody, payment, paymentConfig, paymentWebhook, sandboxLibrary, sandboxPayOutcome, sandboxPayPage } from './payments.routes.ts';

const CASHFREE_SDK = 'https://sdk.cashfree.com/js/v3/cashfree.js';

/**
 * A return URL the store may send a shopper to: a page of this store (its public
 * origin or the origin the request came to), never anywhere else (no open redirect).
 */
export function storeReturnUrl(config: Config, requested: string | undefined, requestUrl: string): URL | null {
  const fallback = new URL('/orderconfirm', config.publicUrl);
  if (!requested) return fallback;
  let url: URL;
  try {
    url = new URL(requested, config.publicUrl);
  } catch {
    return null;
  }
  const allowed = new Set([new URL(config.publicUrl).origin, new URL(requestUrl).origin]);
  return allowed.has(url.origin) && (url.protocol === 'https:' || url.protocol === 'http:') ? url : null;
}

/** The checkout's address with its destination checked (state and postal code as the order keeps them). */
function addressOf(checkout: z.infer<typeof PaymentBody>['checkout']): CheckoutAddress | null {
  if (!checkout) return null;
  const destination = destinationOf(checkout);
  return { ...checkout, state: destination.state, zip_code: destination.zip_code, country: destination.country };
}

export const paymentHandler: RouteHandler<typeof payment, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const { caller, deps } = c.var;
  // customer_id names the shopper paying: it must be the caller (administrators pay for themselves too).
  if (body.customer_id !== undefined && String(body.customer_id) !== String(caller.u_id)) {
    throw forbiddenError('You can only pay for your own cart.');
  }
  const currency = await shopperCurrency(deps.db, caller.u_id, caller);
  if (body.priceType && CURRENCY_OF_FIELD[body.priceType] !== currency) {
    throw invalidError(`Prices for this account are in ${currency === 'INR' ? 'rupees (inr_price)' : 'dollars (usd_price)'}. Please refresh the page.`);
  }
  const returnUrl = storeReturnUrl(deps.config, body.return_url, c.req.url);
  if (!returnUrl) throw invalidError('return_url must be a page of this store.');
  // Cashfree fills in {order_id}; the sandbox page adds order_id and txStatus itself.
  const providerReturn = `${returnUrl.href}${returnUrl.search ? '&' : '?'}order_id={order_id}`;
  const session = await startPayment(deps, {
    u_id: caller.u_id,
    checkout: { lines: body.cartItems, currency, couponName: body.coupon_name ?? null, address: addressOf(body.checkout), pan: body.pan ?? null, useStoreCredit: body.use_store_credit === true },
    claimedAmount: body.order_amount,
    customer: { name: body.customer_name, email: body.customer_email, phone: body.customer_phone },
    returnUrl: providerReturn,
    quoteId: body.quote_id,
  });
  const provider = paymentProvider(deps);
  return ok(c, 'Payment session created.', {
    payment_session_id: session.payment_session_id,
    order_id: session.order_id,
    amount: toMajor(session.amount),
    currency: session.currency,
    provider: provider.name,
    mode: provider.mode,
    locked_until: isoTimestamp(session.locked_until),
  });
};

export const paymentWebhookHandler: RouteHandler<typeof paymentWebhook, AppEnv> = async (c) => {
  const outcome = await receiveCashfreeWebhook(c.var.deps, {
    timestamp: c.req.header('x-webhook-timestamp') ?? '',
    signature: c.req.header('x-webhook-signature') ?? '',
    body: () => c.req.text(),
  });
  return ok(c, 'Webhook received.', { outcome });
};

export const paymentConfigHandler: RouteHandler<typeof paymentConfig, AppEnv> = async (c) => {
  const provider = paymentProvider(c.var.deps);
  return ok(c, 'Payment provider.', {
    provider: provider.name,
    mode: provider.mode,
    sdk_url: provider.name === 'sandbox' ? '/sandbox/cashfree.js' : CASHFREE_SDK,
  });
};

function requireSandbox(c: Context<AppEnv>) {
  if (c.var.deps.config.payment.provider !== 'sandbox') throw notFoundError('The sandbox provider is not in use.');
}

export const sandboxPayPageHandler: RouteHandler<typeof sandboxPayPage, AppEnv> = async (c) => {
  requireSandbox(c);
  const { payment_session_id } = c.req.valid('param');
  const payment = await findPaymentBySession(c.var.deps.db, payment_session_id);
  if (!payment || payment.provider !== 'sandbox') throw notFoundError('No such payment session.');
  const returnUrl = storeReturnUrl(c.var.deps.config, c.req.valid('query').return_url, c.req.url) ?? storeReturnUrl(c.var.deps.config, undefined, c.req.url)!;
  c.header('Cache-Control', 'no-store');
  // The forms go to this host, which then redirects to the store's own return page.
  c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'; base-uri 'none'");
  return c.html(sandboxPage(payment, returnUrl.href));
};

export const sandboxPayOutcomeHandler: RouteHandler<typeof sandboxPayOutcome, AppEnv> = async (c) => {
  requireSandbox(c);
  const { payment_session_id, outcome } = c.req.valid('param');
  const { db } = c.var.deps;
  const payment = await findPaymentBySession(db, payment_session_id);
  if (!payment || payment.provider !== 'sandbox') throw notFoundError('No such payment session.');
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const requested = typeof form.return_url === 'string' ? form.return_url : undefined;
  const returnUrl = storeReturnUrl(c.var.deps.config, requested, c.req.url);
  if (!returnUrl) throw invalidError('return_url must be a page of this store.');
  // The sandbox plays the card network here: only an open payment changes, and none past its
  // life (the provider's order expires with the price lock, as Cashfree's order_expiry_time).
  const lapsed = payment.locked_until !== null && payment.locked_until <= utcTimestamp();
  if (outcome === 'pay' && !lapsed) {
    await markOpenPaymentPaid(db, payment.pay_id);
  } else {
    await closeUnpaid(c.var.deps, payment.pay_id, 'failed', lapsed ? 'The payment was attempted after its price lock lapsed.' : 'The shopper\'s payment failed at the provider.');
  }
  const after = await findPaymentBySession(db, payment_session_id);
  const paid = after !== undefined && ['paid', 'used', 'refund_due', 'refunded'].includes(after.status);
  // Like the provider's webhook: the order is placed (or the payment refunded) even if the shopper never returns.
  if (paid) await finishPayment(c.var.deps, payment.provider_order_id);
  returnUrl.searchParams.set('order_id', payment.provider_order_id);
  returnUrl.searchParams.set('txStatus', paid ? 'SUCCESS' : 'FAILED');
  return c.redirect(returnUrl.href, 303);
};

export const sandboxLibraryHandler: RouteHandler<typeof sandboxLibrary, AppEnv> = async (c) => {
  requireSandbox(c);
  c.header('Content-Type', 'text/javascript; charset=utf-8');
  c.header('Cache-Control', 'public, max-age=300');
  return c.body(SANDBOX_LIBRARY);
};

export const getPaymentsHandler: RouteHandler<typeof getPayments, AppEnv> = async (c) => {
  const query = c.req.valid('query');
  const nowText = utcTimestamp();
  const { rows, totalCount } = await listPayments(c.var.deps.db, { ...query, nowText });
  return ok(c, 'Payments.', {
    paymentData: rows.map((p) => ({
      ...p,
      currency: p.currency as 'INR' | 'USD',
      amount: toMajor(p.amount),
      refund_amount: p.refund_amount === null ? null : toMajor(p.refund_amount),
      created_at: isoTimestamp(p.created_at),
      updated_at: isoTimestamp(p.updated_at),
      locked_until: p.locked_until === null ? null : isoTimestamp(p.locked_until),
    })),
    totalCount,
  });
};
