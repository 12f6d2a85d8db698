import type { PaymentMethod } from '../../rules/payments.ts';
import { api } from './api/client.ts';
import type { components } from './api/schema.d.ts';
import { clearPendingOrder, getPendingOrder, setPendingOrder } from '../stores/session.ts';

/**
 * Online payment on the client: the order kept in local storage while the
 * shopper is on the provider's hosted page (the §3 pending-order key), and the
 * provider's browser library, loaded from where GET /paymentconfig says (the
 * built-in sandbox's stand-in or Cashfree's own SDK).
 */

/**
 * The body POST /createorder takes, kept until the shopper comes back from paying: the
 * provider order id POST /payment answered (the return must name this one), and whether
 * the checkout was a Buy Now (its line leaves the tab once ordered).
 */
export type PendingOrder = components['schemas']['CreateOrderBody'] & {
  u_id: number;
  payment_method: Extract<PaymentMethod, 'online'>;
  order_id: string;
  buyNow: boolean;
};

export function savePendingOrder(order: PendingOrder): void {
  setPendingOrder(order);
}

export function readPendingOrder(): PendingOrder | null {
  const order = getPendingOrder<PendingOrder>();
  return order && typeof order.order_id === 'string' && typeof order.u_id === 'number' ? order : null;
}

export function discardPendingOrder(): void {
  clearPendingOrder();
}

/** A paid payment no order could be made of, which the store refunded itself (POST /createorder's 409 data). */
export interface UnplacedPaymentRefund {
  payment_status: 'refunded' | 'refund_pending';
  refund_amount: number;
  order_id: string;
}

/** The refund a refusal of /createorder reports, or null when it reports none (nothing was taken, or another refusal). */
export function unplacedPaymentRefund(data: unknown): UnplacedPaymentRefund | null {
  if (!data || typeof data !== 'object') return null;
  const refund = data as Partial<UnplacedPaymentRefund>;
  return refund.payment_status === 'refunded' || refund.payment_status === 'refund_pending' ? (refund as UnplacedPaymentRefund) : null;
}

/** What the provider's library exposes: `Cashfree({ mode }).checkout({ paymentSessionId, returnUrl })`. */
export type CashfreeFactory = (options: { mode: string }) => {
  checkout: (options: { paymentSessionId: string; returnUrl?: string; redirectTarget?: string }) => Promise<unknown>;
};

declare global {
  interface Window {
    Cashfree?: CashfreeFactory;
  }
}

const LIBRARY_TIMEOUT_MS = 10_000;

/** Loads the provider's browser library once; null when it cannot be had. */
export async function loadPaymentLibrary(): Promise<CashfreeFactory | null> {
  if (typeof window.Cashfree === 'function') return window.Cashfree;
  let src: string | undefined;
  try {
    const answer = await api.get('/paymentconfig');
    src = answer.status === 1 ? answer.data?.sdk_url : undefined;
  } catch {
    return null;
  }
  if (!src) return null;
  const url = src;
  await new Promise<void>((resolve) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    const timer = setTimeout(resolve, LIBRARY_TIMEOUT_MS);
    script.onload = script.onerror = () => {
      clearTimeout(timer);
      resolve();
    };
    document.head.append(script);
  });
  return typeof window.Cashfree === 'function' ? window.Cashfree : null;
}

/** A key for one checkout attempt (Idempotency-Key): random, and works outside secure contexts too. */
export function newAttemptKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
