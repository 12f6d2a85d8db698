/**
 * What a return's steps send (issue 36), through the outbox in the step's own transaction:
 * the shopper's e-mail (return requested, approved, rejected, refunded, credited; templates in
 * templates/return-updates.ts) and the integrators' webhooks return.* (documented with the
 * order ones: webhook-events.ts WEBHOOK_DATA). Payload = a snapshot of what the message says.
 */
import { z } from '@hono/zod-openapi';
import type { DB } from '../../db/connection.ts';
import { enqueue, type NewMessage } from '../../db/queries/outbox.ts';
import { enqueueWebhooks } from '../../db/queries/webhooks.ts';
import { isEmail } from '../../rules/email.ts';
import { type Currency, toMajor } from '../../rules/money.ts';
import type { ReturnKind, ReturnStatus } from '../../rules/returns.ts';

/** The return events: one e-mail each, and the webhook of the same name. */
export const RETURN_EVENTS = ['return.requested', 'return.approved', 'return.rejected', 'return.refunded', 'return.credited'] as const;
export type ReturnEvent = (typeof RETURN_EVENTS)[number];

/** The event a status sends; null for the steps that send nothing (picked up, received, inspected, withdrawn). */
export function returnEventOf(status: ReturnStatus): ReturnEvent | null {
  const event = `return.${status}`;
  return (RETURN_EVENTS as readonly string[]).includes(event) ? (event as ReturnEvent) : null;
}

/** What the return messages say. Money in minor units of `currency`. */
export interface ReturnMessagePayload {
  r_id: number;
  o_id: number;
  kind: ReturnKind;
  status: ReturnStatus;
  /** ISO time of the step. */
  at: string;
  name: string;
  currency: Currency;
  items: { product_name: string; quantity: number }[];
  /** What the policy gives back (requested, approved), or what was paid (refunded, credited); null for a buy-back before it is valued. */
  amount: number | null;
  payout_method: string | null;
  /** The shop's words: the reason of a rejection. */
  note: string | null;
  credit_note_no: string | null;
  /** Business days a refund takes (the policy), for the refunded message. */
  refund_days: string | null;
}

/** Enqueues a return step's e-mail to the order's address and its webhook, inside the step's transaction. */
export async function enqueueReturnMessages(trx: DB, event: ReturnEvent, email: string, payload: ReturnMessagePayload): Promise<void> {
  const messages: NewMessage[] = [];
  const to = email.trim();
  if (isEmail(to)) messages.push({ channel: 'email', event, recipient: to, dedupe_key: `${event}:${payload.r_id}:email`, payload: payload as unknown as Record<string, unknown> });
  if (messages.length) await enqueue(trx, messages);
  await enqueueWebhooks(trx, event, payload.r_id, {
    r_id: payload.r_id,
    o_id: payload.o_id,
    kind: payload.kind,
    status: payload.status,
    currency: payload.currency,
    amount: payload.amount === null ? null : toMajor(payload.amount),
    payout_method: payload.payout_method,
    credit_note_no: payload.credit_note_no,
    items: payload.items,
  });
}

const ReturnData = z.object({
  r_id: z.number().int(),
  o_id: z.number().int(),
  kind: z.enum(['refund', 'exchange', 'buyback']),
  status: z.string().openapi({ description: 'The return\'s status after the step.' }),
  currency: z.enum(['INR', 'USD']),
  amount: z.number().nullable().openapi({ description: 'Major units: what the policy gives back (requested, approved) or what was paid (refunded, credited); null for a buy-back before it is valued.' }),
  payout_method: z.string().nullable().openapi({ description: 'online, bank, upi or store_credit once paid.' }),
  credit_note_no: z.string().nullable().openapi({ description: 'The GST credit note issued with a refund or credit.' }),
  items: z.array(z.object({ product_name: z.string(), quantity: z.number().int() })),
});

/** The return.* webhooks' documentation (api/messages/webhook-events.ts WEBHOOK_DATA). */
export const RETURN_WEBHOOK_DATA: Record<ReturnEvent, { summary: string; data: z.ZodType }> = {
  'return.requested': { summary: 'A shopper asked to return, exchange or sell back pieces of a delivered order', data: ReturnData },
  'return.approved': { summary: 'The shop approved a return request', data: ReturnData },
  'return.rejected': { summary: 'The shop rejected a return request', data: ReturnData },
  'return.refunded': { summary: 'A return was refunded (or a buy-back paid)', data: ReturnData },
  'return.credited': { summary: 'An exchange was settled with store credit', data: ReturnData },
};
