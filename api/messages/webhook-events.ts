/**
 * Webhook events (issue 35): what integrators receive, and how a change sends it.
 * `enqueueWebhooks(trx, event, key, data)` (db/queries/webhooks.ts, so db/queries can call it
 * too) writes one outbox message per active endpoint subscribed to the event, inside the
 * transaction of the change. The body is `{type, timestamp, data}` (Standard Webhooks), fixed
 * at the time of the event. `registerWebhooks` documents each event under OpenAPI 3.1
 * `webhooks` (api/openapi/document.ts registerContract).
 */
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import type { DB, Engine } from '../../db/connection.ts';
import type { OrderId, OrderWrite } from '../../db/queries/orders.ts';
import { ID_MARK, jsonWithId, textWithId } from '../../db/queries/outbox.ts';
import { enqueueWebhooks, WEBHOOK_EVENTS, type WebhookEvent, webhooksInsert } from '../../db/queries/webhooks.ts';
import { toMajor } from '../../rules/money.ts';
import { RETURN_WEBHOOK_DATA } from './return-events.ts';
import type { OrderPaymentMethod } from '../../rules/payments.ts';

export { enqueueWebhooks, WEBHOOK_EVENTS, type WebhookEvent };

const Money = z.number().openapi({ description: 'Major units of the order\'s currency (rupees or dollars).' });

const OrderStatusData = z.object({
  o_id: z.number().int(),
  from_status: z.number().int().openapi({ description: 'The status before (1 placed … 4 delivered, 5 cancelled).' }),
  status: z.number().int().openapi({ description: 'The status now.' }),
  payment_status: z.string().nullable(),
  currency: z.enum(['INR', 'USD']),
  total: Money,
  refund_amount: Money.nullable().openapi({ description: 'What the change refunds; null when nothing.' }),
});

/** What each event's `data` holds. */
export const WEBHOOK_DATA: Record<WebhookEvent, { summary: string; data: z.ZodType }> = {
  'order.placed': {
    summary: 'An order was placed',
    data: z.object({ o_id: z.number().int(), placed_at: z.string(), currency: z.enum(['INR', 'USD']), total: Money, payment_method: z.string() }),
  },
  'order.paid': { summary: 'An order was paid', data: z.object({ o_id: z.number().int(), currency: z.enum(['INR', 'USD']), total: Money }) },
  'order.status_changed': { summary: 'An order moved to another status (placed, packed, shipped, delivered, cancelled)', data: OrderStatusData },
  'order.refunded': { summary: 'A cancelled order\'s payment is being refunded', data: OrderStatusData },
  'product.updated': {
    summary: 'A product was changed in the back office',
    data: z.object({ p_id: z.number().int(), change: z.enum(['edited', 'activated', 'deactivated']) }),
  },
  'metal_rates.updated': {
    summary: 'The metal rates were set (and rate-priced products repriced)',
    data: z.object({
      rc_id: z.number().int(),
      updated_at: z.string(),
      rates: z.array(z.object({ carat_id: z.number().int(), inr_per_gram: z.number().openapi({ description: 'Rupees per gram.' }) })).openapi({ description: 'The carats set by this change.' }),
      usd_inr: z.number().openapi({ description: 'Rupees per dollar.' }),
      repriced: z.number().int().openapi({ description: 'Product rows repriced.' }),
    }),
  },
  ...RETURN_WEBHOOK_DATA,
};

const signedHeaders = z.object({
  'webhook-id': z.string().openapi({ description: 'The message id (msg_…): the same on every attempt and resend; use it to ignore repeats.' }),
  'webhook-timestamp': z.string().openapi({ description: 'Seconds since the epoch at this attempt; refuse ones far from now.' }),
  'webhook-signature': z.string().openapi({ description: 'v1,<base64 HMAC-SHA256 of "id.timestamp.body" keyed with the base64-decoded part of the secret after whsec_>.' }),
});

/** Documents every event under the document's `webhooks`. */
export function registerWebhooks(app: OpenAPIHono<any>): void {
  for (const event of WEBHOOK_EVENTS) {
    const { summary, data } = WEBHOOK_DATA[event];
    app.openAPIRegistry.registerWebhook({
      method: 'post',
      path: event,
      operationId: `webhook${event.split(/[._]/).map((w) => w[0].toUpperCase() + w.slice(1)).join('')}`,
      security: [],
      summary,
      description:
        'POSTed to every active endpoint subscribed to the event, signed as Standard Webhooks says. Answer 2xx within 10 s; ' +
        'anything else is retried with growing back-off (30 s … 8 h, about a day), and an endpoint failing for days is disabled.',
      tags: ['Webhooks'],
      request: {
        headers: signedHeaders,
        body: { content: { 'application/json': { schema: z.object({ type: z.literal(event), timestamp: z.string().openapi({ description: 'ISO 8601, UTC: when it happened.' }), data }) } } },
      },
      responses: { 200: { description: 'Received (any 2xx).' }, 400: { description: 'Any other answer (or none within 10 s) is a failure: tried again later.' } },
    });
  }
}

/** An order's status change as its webhooks tell it (api/orders/lifecycle.ts, inside its transaction). Money in minor units. */
export interface OrderStatusWebhook {
  o_id: number;
  from: number;
  to: number;
  payment_before: string | null;
  payment_status: string | null;
  currency: 'INR' | 'USD';
  total: number;
  refunds: boolean;
}

/** order.status_changed, and order.paid / order.refunded when the change paid or refunds the order. */
export async function orderStatusWebhooks(trx: DB, change: OrderStatusWebhook): Promise<void> {
  const data = {
    o_id: change.o_id,
    from_status: change.from,
    status: change.to,
    payment_status: change.payment_status,
    currency: change.currency,
    total: toMajor(change.total),
    refund_amount: change.refunds ? toMajor(change.total) : null,
  };
  await enqueueWebhooks(trx, 'order.status_changed', `${change.o_id}:${change.from}-${change.to}`, data);
  if (change.payment_status === 'paid' && change.payment_before !== 'paid') await enqueueWebhooks(trx, 'order.paid', change.o_id, { o_id: change.o_id, currency: change.currency, total: toMajor(change.total) });
  if (change.refunds) await enqueueWebhooks(trx, 'order.refunded', change.o_id, data);
}

/** An order as its order.placed webhook tells it (the order's own statement, api/orders/place-order.ts). Money in minor units. */
export interface OrderPlacedWebhook {
  placed_at: string;
  currency: 'INR' | 'USD';
  total: number;
  payment_method: OrderPaymentMethod;
}

/**
 * The order.placed webhooks of an order, and order.paid for one paid online (its payment is
 * confirmed before it is placed, so the order's statement is where the payment settles it), as
 * writes that ride the order's own statement (insertOrder): they exist iff the order commits.
 * Keys as lifecycle's: order.placed:<o_id> and order.paid:<o_id> (cash on delivery is paid on
 * delivery, orderStatusWebhooks), so no endpoint hears of a payment twice.
 */
export function orderPlacedWebhookWrites(engine: Engine, order: OrderPlacedWebhook, now = Date.now()): OrderWrite[] {
  const timestamp = new Date(now).toISOString();
  const body = (event: WebhookEvent, data: Record<string, unknown>, o_id: OrderId) => jsonWithId({ type: event, timestamp, data: { o_id: ID_MARK, ...data } }, o_id);
  const money = { currency: order.currency, total: toMajor(order.total) };
  const writes: OrderWrite[] = [
    (db, o_id) => webhooksInsert(db, engine, 'order.placed', textWithId(`order.placed:${ID_MARK}`, o_id), body('order.placed', { placed_at: order.placed_at, ...money, payment_method: order.payment_method }, o_id), now),
  ];
  if (order.payment_method === 'online') {
    writes.push((db, o_id) => webhooksInsert(db, engine, 'order.paid', textWithId(`order.paid:${ID_MARK}`, o_id), body('order.paid', money, o_id), now));
  }
  return writes;
}
