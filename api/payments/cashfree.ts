/**
 * Cashfree Payments (PG API 2023-08-01): Create Order, Get Order, Create Refund,
 * and the webhook signature. Amounts cross the wire in major units (rupees, dollars).
 */

import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../env.ts';
import { toMajor, toMinor } from '../../rules/money.ts';
import { gatewayUnavailable, type OpenPayment, type PaymentProvider, type ProviderOrder, type RefundRequest } from './gateway.ts';

type CashfreeConfig = Extract<Config['payment'], { provider: 'cashfree' }>;

export const CASHFREE_API_VERSION = '2023-08-01';
/** How long a call to Cashfree may take before the shopper is told to try again. */
const TIMEOUT_MS = 10_000;

interface CashfreeOrder {
  order_id: string;
  order_status: string;
  order_amount: number;
  order_currency: string;
  payment_session_id?: string;
}

export function cashfreeProvider(config: CashfreeConfig): PaymentProvider {
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json',
    'x-client-id': config.appId,
    'x-client-secret': config.secretKey,
    'x-api-version': CASHFREE_API_VERSION,
  };
  const base = config.apiUrl.replace(/\/$/, '');

  async function send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${base}${path}`, { ...init, headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw gatewayUnavailable();
    }
  }

  return {
    name: 'cashfree',
    mode: config.mode,
    async createOrder(payment: OpenPayment) {
      const res = await send('/orders', {
        method: 'POST',
        body: JSON.stringify({
          order_id: payment.orderId,
          order_amount: toMajor(payment.amount),
          order_currency: payment.currency,
          customer_details: {
            customer_id: payment.customer.id,
            customer_name: payment.customer.name,
            customer_email: payment.customer.email,
            customer_phone: payment.customer.phone,
          },
          order_meta: { return_url: payment.returnUrl },
          // Past the price lock no new attempt may start (one under way may still finish: the reconciliation settles it).
          order_expiry_time: payment.expiresAt.toISOString(),
        }),
      });
      if (!res.ok) throw gatewayUnavailable();
      const order = (await res.json().catch(() => null)) as CashfreeOrder | null;
      if (!order?.payment_session_id) throw gatewayUnavailable();
      return { paymentSessionId: order.payment_session_id };
    },
    async getOrder(orderId: string): Promise<ProviderOrder | null> {
      const res = await send(`/orders/${encodeURIComponent(orderId)}`, { method: 'GET' });
      if (res.status === 404) return null;
      if (!res.ok) throw gatewayUnavailable();
      const order = (await res.json().catch(() => null)) as CashfreeOrder | null;
      if (!order || typeof order.order_amount !== 'number') throw gatewayUnavailable();
      return { orderId: order.order_id, status: order.order_status, amount: toMinor(order.order_amount), currency: order.order_currency };
    },
    async refund(request: RefundRequest) {
      const res = await send(`/orders/${encodeURIComponent(request.orderId)}/refunds`, {
        method: 'POST',
        body: JSON.stringify({ refund_amount: toMajor(request.amount), refund_id: request.refundId, refund_note: request.note }),
      });
      // 409: this refund id was asked for already (a retry after a lost answer): it stands.
      if (res.ok || res.status === 409) return;
      throw gatewayUnavailable();
    },
  };
}

/** How old a webhook may be; older ones are refused even with a good signature. */
export const WEBHOOK_MAX_AGE_MS = 15 * 60 * 1000;

/** A signature in canonical base64 only: 32 bytes are 43 characters and one "=". */
const CANONICAL_SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/**
 * Cashfree's webhook signature: Base64(HMAC-SHA256(timestamp + raw body, secret key)),
 * compared in constant time. Only the canonical spelling is accepted: Node's base64
 * decoder also takes missing padding, the URL-safe alphabet and stray characters,
 * so one signature would have many spellings.
 */
export function verifyWebhookSignature(secretKey: string, timestamp: string, rawBody: string, signature: string): boolean {
  if (!CANONICAL_SIGNATURE.test(signature)) return false;
  const expected = createHmac('sha256', secretKey).update(timestamp + rawBody).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * What a webhook delivery is, whatever its signature looks like: the hash of what was
 * signed (timestamp and body). A replay is refused by this, never by the signature's text.
 */
export function webhookDeliveryKey(timestamp: string, rawBody: string): string {
  return createHash('sha256').update(timestamp).update('\n').update(rawBody).digest('hex');
}

/** Signs a webhook body as Cashfree does (for tests and local tooling). */
export function signWebhook(secretKey: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secretKey).update(timestamp + rawBody).digest('base64');
}
