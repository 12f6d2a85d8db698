/**
 * The built-in `sandbox` provider: a stand-in for Cashfree that needs no account.
 * Its "provider side" is the payments table itself; its hosted page (Pay and Fail
 * buttons) plays the card form, and its browser library has Cashfree's calls, so
 * the storefront follows one code path for both providers.
 */

import { randomBytes } from 'node:crypto';
import type { DB } from '../../db/connection.ts';
import { findPayment } from '../../db/queries/payments.ts';
import { toMajor } from '../../rules/money.ts';
import type { PaymentProvider, ProviderOrder } from './gateway.ts';

export function sandboxProvider(db: DB): PaymentProvider {
  return {
    name: 'sandbox',
    mode: 'sandbox',
    async createOrder() {
      return { paymentSessionId: `session_${randomBytes(24).toString('base64url')}` };
    },
    async getOrder(orderId: string): Promise<ProviderOrder | null> {
      const payment = await findPayment(db, orderId);
      if (!payment || payment.provider !== 'sandbox') return null;
      // 'paid' by the Pay button; 'used' once an order was placed with it; refunds leave it paid, as at Cashfree.
      const paid = ['paid', 'used', 'refund_due', 'refunded'].includes(payment.status);
      const status = paid ? 'PAID' : payment.status === 'failed' ? 'FAILED' : 'ACTIVE';
      return { orderId, status, amount: payment.amount, currency: payment.currency };
    },
    async refund({ orderId }) {
      // No money moved, so none goes back: the sandbox accepts a refund of any order it took.
      const payment = await findPayment(db, orderId);
      if (!payment || payment.provider !== 'sandbox') throw new Error(`sandbox: no payment ${orderId} to refund`);
    },
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** The hosted payment page: the amount, the order, and a Pay and a Fail button. */
export function sandboxPage(payment: { provider_order_id: string; payment_session_id: string; amount: number; currency: string; status: string }, returnUrl: string): string {
  const amount = new Intl.NumberFormat(payment.currency === 'INR' ? 'en-IN' : 'en-US', { style: 'currency', currency: payment.currency }).format(
    toMajor(payment.amount),
  );
  const action = `/sandbox/pay/${encodeURIComponent(payment.payment_session_id)}`;
  const open = payment.status === 'created';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sandbox payment</title>
<style>
body{font-family:system-ui,sans-serif;background:#f6f1e7;color:#2b2118;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px #0002;padding:2rem;max-width:24rem;width:90%}
h1{font-size:1.2rem;margin:0 0 .25rem}p{margin:.5rem 0}.amount{font-size:2rem;font-weight:700;margin:1rem 0}
.note{font-size:.85rem;color:#6b5b4b}form{display:inline}button{font:inherit;padding:.7rem 1.4rem;border-radius:8px;border:0;cursor:pointer;margin:.5rem .5rem 0 0}
.pay{background:#1f7a3d;color:#fff}.fail{background:#b3261e;color:#fff}
</style>
</head>
<body>
<main>
<h1>Sandbox payment</h1>
<p class="note">Test mode: no money moves. Choose what the card does.</p>
<p class="amount" data-testid="sandbox-amount">${escapeHtml(amount)}</p>
<p>Order <code>${escapeHtml(payment.provider_order_id)}</code></p>
${
  open
    ? `<form method="post" action="${escapeHtml(action)}/pay"><input type="hidden" name="return_url" value="${escapeHtml(returnUrl)}"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="${escapeHtml(action)}/fail"><input type="hidden" name="return_url" value="${escapeHtml(returnUrl)}"><button class="fail" type="submit">Fail</button></form>`
    : `<p>This payment is already ${escapeHtml(payment.status === 'failed' ? 'failed' : 'paid')}.</p>`
}
</main>
</body>
</html>`;
}

/**
 * The browser library, with the calls of Cashfree's JS SDK v3 that the storefront
 * uses: `Cashfree({ mode }).checkout({ paymentSessionId, returnUrl })` opens the
 * hosted page, which sends the shopper back to `returnUrl` with `order_id` and `txStatus`.
 */
export const SANDBOX_LIBRARY = `/* Sandbox stand-in for Cashfree's JS SDK (sdk.cashfree.com/js/v3/cashfree.js). */
(function () {
  var script = document.currentScript;
  var origin = script && script.src ? new URL(script.src).origin : window.location.origin;
  function Cashfree(options) {
    var mode = (options && options.mode) || 'sandbox';
    return {
      mode: mode,
      checkout: function (checkoutOptions) {
        var o = checkoutOptions || {};
        if (!o.paymentSessionId) return Promise.reject(new Error('paymentSessionId is required'));
        var url = origin + '/sandbox/pay/' + encodeURIComponent(o.paymentSessionId);
        if (o.returnUrl) url += '?return_url=' + encodeURIComponent(new URL(o.returnUrl, window.location.href).href);
        window.location.assign(url);
        return new Promise(function () {});
      }
    };
  }
  window.Cashfree = Cashfree;
})();
`;
