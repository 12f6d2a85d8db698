/**
 * Cashfree's webhook: the provider telling the store, server to server, that one of its
 * payments changed. Believed only once its signature verifies, taken once per signed delivery,
 * and answered only after the payment it names is settled (its order placed, or the payment
 * refunded), so a delivery the store could not settle is retried by the provider.
 */

import { claimWebhookDelivery, releaseWebhookDelivery } from '../../db/queries/payments.ts';
import type { Deps } from '../context.ts';
import { conflictError, invalidError, notFoundError, unauthorizedError } from '../../rules/errors.ts';
import { verifyWebhookSignature, WEBHOOK_MAX_AGE_MS, webhookDeliveryKey } from './cashfree.ts';
import { type FinishOutcome, finishPayment } from './checkout.ts';

/** One webhook delivery as it came: its signature headers and its body, read only when the store uses Cashfree. */
export interface WebhookDelivery {
  /** `x-webhook-timestamp`: seconds or milliseconds since 1970, as signed. */
  timestamp: string;
  /** `x-webhook-signature`. */
  signature: string;
  /** The raw body, exactly as signed. */
  body: () => Promise<string>;
}

/** The provider order a webhook's body names (`data.order.order_id`), if it names one. */
function orderIdOf(rawBody: string): string | undefined {
  try {
    const orderId = (JSON.parse(rawBody) as { data?: { order?: { order_id?: unknown } } })?.data?.order?.order_id;
    return typeof orderId === 'string' && orderId ? orderId : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Receives a Cashfree webhook: refuses it unless the store uses Cashfree (404), its signature
 * verifies (401) and it is recent (WEBHOOK_MAX_AGE_MS, 400); takes each signed delivery once
 * (known by what was signed: a replay is 409), then settles the payment it names
 * (finishPayment). A delivery that could not be settled (Cashfree unreachable) is given back,
 * so the provider's retry is taken. Answers how the payment was settled.
 */
export async function receiveCashfreeWebhook(deps: Pick<Deps, 'db' | 'config'>, delivery: WebhookDelivery, now?: number): Promise<FinishOutcome> {
  const { config, db } = deps;
  if (config.payment.provider !== 'cashfree') throw notFoundError('Webhooks are used only with the cashfree provider.');
  const raw = await delivery.body();
  const { timestamp, signature } = delivery;
  if (!timestamp || !signature || !verifyWebhookSignature(config.payment.secretKey, timestamp, raw, signature)) {
    throw unauthorizedError('Invalid webhook signature.');
  }
  const sent = Number(timestamp) < 1e12 ? Number(timestamp) * 1000 : Number(timestamp);
  if (!Number.isFinite(sent) || Math.abs((now ?? Date.now()) - sent) > WEBHOOK_MAX_AGE_MS) throw invalidError('The webhook is too old.');

  // Each signed delivery is accepted once, known by what was signed (timestamp and body).
  const event_key = `cashfree:signed:${webhookDeliveryKey(timestamp, raw)}`;
  if (!(await claimWebhookDelivery(db, event_key, 'cashfree'))) throw conflictError('This webhook was already received.');

  const orderId = orderIdOf(raw);
  if (!orderId) throw invalidError('The webhook names no order.');
  let outcome: FinishOutcome;
  try {
    // Placed, or refunded when it cannot be: either way settled, so the provider need not retry.
    outcome = (await finishPayment(deps, orderId)).outcome;
  } catch (error) {
    // Not settled (Cashfree unreachable): let the provider's retry through.
    await releaseWebhookDelivery(db, event_key);
    throw error;
  }
  if (outcome === 'unknown') throw notFoundError('No payment with this order id.');
  return outcome;
}
