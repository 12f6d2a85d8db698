/**
 * Webhooks for integrators (issue 35), the data side: the endpoints the owner registers
 * (webhook_endpoints: the signing secret sealed by the caller with PAN_KEY, db/secrets.ts),
 * the attempts to deliver to them (webhook_deliveries), and the endpoint's health: the first
 * failure since the last success (failing_since), after which, past a few days, it is disabled
 * with a reason the back office shows. A delivery is an outbox row (channel 'webhook',
 * recipient = the endpoint's id): see api/messages/webhook-events.ts and channels/webhook.ts.
 * Every back-office write is recorded in the audit trail, never with the secret.
 */
import { type QueryCreator, sql } from 'kysely';
import { isEmail } from '../../rules/email.ts';
import { notFoundError } from '../../rules/errors.ts';
import { recordChange } from '../audit.ts';
import type { DB, Engine } from '../connection.ts';
import type { Database } from '../schema.ts';
import { writeTransaction } from '../transaction.ts';
import { enqueue, type Text } from './outbox.ts';

/** The events an endpoint may subscribe to. */
export const WEBHOOK_EVENTS = [
  'order.placed',
  'order.paid',
  'order.status_changed',
  'order.refunded',
  'product.updated',
  'metal_rates.updated',
  'return.requested',
  'return.approved',
  'return.rejected',
  'return.refunded',
  'return.credited',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** An endpoint as the back office sees it (never its secret). */
export interface WebhookEndpoint {
  id: number;
  url: string;
  events: WebhookEvent[];
  active: boolean;
  /** ISO time of the first failure since the last success; null while it answers. */
  failing_since: string | null;
  disabled_reason: string | null;
  created_at: string;
}

const COLUMNS = ['id', 'url', 'events', 'active', 'failing_since', 'disabled_reason', 'created_at'] as const;

type Row = { id: number; url: string; events: string; active: number; failing_since: number | null; disabled_reason: string | null; created_at: number };

function endpointOf(row: Row): WebhookEndpoint {
  return {
    id: Number(row.id),
    url: row.url,
    events: JSON.parse(row.events),
    active: Number(row.active) === 1,
    failing_since: row.failing_since === null ? null : new Date(Number(row.failing_since)).toISOString(),
    disabled_reason: row.disabled_reason,
    created_at: new Date(Number(row.created_at)).toISOString(),
  };
}

/** What the audit trail says of an endpoint. */
const audited = (e: WebhookEndpoint) => ({ url: e.url, events: e.events, active: e.active });

export async function listEndpoints(db: DB): Promise<WebhookEndpoint[]> {
  const rows = await db.selectFrom('webhook_endpoints').select(COLUMNS).orderBy('id').execute();
  return rows.map(endpointOf);
}

async function endpointIn(db: DB, id: number): Promise<WebhookEndpoint> {
  const row = await db.selectFrom('webhook_endpoints').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFoundError('No such webhook endpoint.');
  return endpointOf(row);
}

/** Registers an endpoint with its sealed secret. */
export async function addEndpoint(db: DB, endpoint: { url: string; events: WebhookEvent[]; sealedSecret: string }, now = Date.now()): Promise<WebhookEndpoint> {
  return writeTransaction(
    db,
    async (trx) => {
      const { id } = await trx
        .insertInto('webhook_endpoints')
        .values({ url: endpoint.url, events: JSON.stringify(endpoint.events), secret: endpoint.sealedSecret, active: 1, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const added = await endpointIn(trx, Number(id));
      await recordChange(trx, { action: 'webhook.add', entity: 'webhook', entity_id: added.id, after: audited(added) });
      return added;
    },
    { name: 'add webhook endpoint' },
  );
}

export interface EndpointChange {
  id: number;
  url?: string;
  events?: WebhookEvent[];
  active?: boolean;
}

/** Changes an endpoint; turning it on again forgets its failures (a fresh start). */
export async function updateEndpoint(db: DB, change: EndpointChange): Promise<WebhookEndpoint> {
  return writeTransaction(
    db,
    async (trx) => {
      const before = await endpointIn(trx, change.id);
      await trx
        .updateTable('webhook_endpoints')
        .set({
          ...(change.url === undefined ? {} : { url: change.url }),
          ...(change.events === undefined ? {} : { events: JSON.stringify(change.events) }),
          ...(change.active === undefined ? {} : { active: change.active ? 1 : 0 }),
          ...(change.active === true ? { failing_since: null, disabled_reason: null } : {}),
          ...(change.active === false ? { disabled_reason: 'Turned off in the back office.' } : {}),
        })
        .where('id', '=', change.id)
        .execute();
      const after = await endpointIn(trx, change.id);
      await recordChange(trx, { action: 'webhook.update', entity: 'webhook', entity_id: change.id, before: audited(before), after: audited(after) });
      return after;
    },
    { name: 'update webhook endpoint' },
  );
}

/** Replaces an endpoint's signing secret (sealed); the audit trail says only that it changed. */
export async function rotateEndpointSecret(db: DB, id: number, sealedSecret: string): Promise<WebhookEndpoint> {
  return writeTransaction(
    db,
    async (trx) => {
      const endpoint = await endpointIn(trx, id);
      await trx.updateTable('webhook_endpoints').set({ secret: sealedSecret }).where('id', '=', id).execute();
      await recordChange(trx, { action: 'webhook.rotate_secret', entity: 'webhook', entity_id: id, before: { secret: 'old' }, after: { secret: 'new' } });
      return endpoint;
    },
    { name: 'rotate webhook secret' },
  );
}

/** The active endpoints subscribed to `event` (inside the transaction of the change). */
export async function endpointsFor(db: DB, event: WebhookEvent): Promise<number[]> {
  const rows = await db.selectFrom('webhook_endpoints').select(['id', 'events']).where('active', '=', 1).orderBy('id').execute();
  return rows.filter((row) => (JSON.parse(row.events) as string[]).includes(event)).map((row) => Number(row.id));
}

/** What delivery needs of an endpoint: undefined when it is gone. */
export async function endpointForDelivery(db: DB, id: number) {
  const row = await db.selectFrom('webhook_endpoints').select(['id', 'url', 'secret', 'active', 'failing_since']).where('id', '=', id).executeTakeFirst();
  return row && { id: Number(row.id), url: row.url, sealedSecret: row.secret, active: Number(row.active) === 1, failing_since: row.failing_since === null ? null : Number(row.failing_since) };
}

export interface DeliveryAttempt {
  endpoint_id: number;
  outbox_id: number;
  message_id: string;
  event: string;
  attempt: number;
  status_code: number | null;
  answer: string | null;
  error: string | null;
  duration_ms: number;
}

/** The first bytes of an answer kept per attempt. */
export const ANSWER_BYTES = 500;

/** Records an attempt and the endpoint's health after it: answering again, or failing since its first failure. */
export async function recordDelivery(db: DB, attempt: DeliveryAttempt, ok: boolean, now = Date.now()): Promise<{ failing_since: number | null }> {
  return writeTransaction(
    db,
    async (trx) => {
      await trx
        .insertInto('webhook_deliveries')
        .values({ ...attempt, answer: attempt.answer?.slice(0, ANSWER_BYTES) ?? null, error: attempt.error?.slice(0, ANSWER_BYTES) ?? null, created_at: now })
        .execute();
      if (ok) {
        await trx.updateTable('webhook_endpoints').set({ failing_since: null }).where('id', '=', attempt.endpoint_id).execute();
        return { failing_since: null };
      }
      await trx.updateTable('webhook_endpoints').set({ failing_since: now }).where('id', '=', attempt.endpoint_id).where('failing_since', 'is', null).execute();
      const row = await trx.selectFrom('webhook_endpoints').select('failing_since').where('id', '=', attempt.endpoint_id).executeTakeFirst();
      return { failing_since: row?.failing_since == null ? null : Number(row.failing_since) };
    },
    { name: 'record webhook delivery' },
  );
}

/** What the owner is told when an endpoint is disabled (event 'webhook.disabled'): a snapshot at the time. */
export interface WebhookDisabledPayload {
  endpoint_id: number;
  url: string;
  events: string[];
  /** ISO: the first failure since the last success. */
  failing_since: string;
  /** ISO: when it was disabled. */
  disabled_at: string;
  /** The last attempt's failure ("HTTP 503", "connect ECONNREFUSED …"). */
  last_error: string;
  /** How long it may fail before it is disabled (WEBHOOK_DISABLE_AFTER_HOURS). */
  after_hours: number;
}

/**
 * The recipient "the shop's owners": the e-mail channel sends to ownerEmails at each attempt, so a
 * notice written while no owner had an address fails at once (shown in the Messages screen) and
 * Retry, once an owner has added one on My Profile, sends it there.
 */
export const NO_OWNER_EMAIL = 'owner';

/** The e-mail addresses of the active owners (the address My Profile keeps), each once. */
export async function ownerEmails(db: DB): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('saved_addresses', 'saved_addresses.u_id', 'users.u_id')
    .select('saved_addresses.email')
    .where('users.role', '=', 'owner')
    .where('users.active', '=', 1)
    .orderBy('users.u_id')
    .execute();
  return [...new Set(rows.map((r) => r.email.trim().toLowerCase()).filter(isEmail))];
}

/**
 * Disables an endpoint that kept failing, with the reason the back office shows, and tells the
 * owner in the same transaction: an e-mail (event 'webhook.disabled') to each active owner with
 * an address; with none, one message to NO_OWNER_EMAIL (it fails at once and shows in the Messages
 * screen, where Retry sends it once an owner has an address). One notice per failing spell (the dedupe key names
 * failing_since). False when it was off already (nothing written).
 */
export async function disableFailingEndpoint(
  db: DB,
  id: number,
  failure: { reason: string; failing_since: number; last_error: string; after_hours: number },
  now = Date.now(),
): Promise<boolean> {
  return writeTransaction(
    db,
    async (trx) => {
      const updated = await trx
        .updateTable('webhook_endpoints')
        .set({ active: 0, disabled_reason: failure.reason })
        .where('id', '=', id)
        .where('active', '=', 1)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      const endpoint = await endpointIn(trx, id);
      const payload: WebhookDisabledPayload = {
        endpoint_id: id,
        url: endpoint.url,
        events: endpoint.events,
        failing_since: new Date(failure.failing_since).toISOString(),
        disabled_at: new Date(now).toISOString(),
        last_error: failure.last_error,
        after_hours: failure.after_hours,
      };
      const key = `webhook.disabled:${id}:${failure.failing_since}:email`;
      // To each owner with an address; with none, to NO_OWNER_EMAIL, which the e-mail channel reads again at each attempt.
      const owners = await ownerEmails(trx);
      await enqueue(
        trx,
        (owners.length ? owners : [NO_OWNER_EMAIL]).map((recipient) => ({ channel: 'email' as const, event: 'webhook.disabled', recipient, dedupe_key: `${key}:${recipient}`, payload: { ...payload } })),
      );
      return true;
    },
    { name: 'disable failing webhook endpoint' },
  );
}

/** An endpoint's recent deliveries, newest first. */
export async function listDeliveries(db: DB, endpoint_id: number, limit = 50) {
  await endpointIn(db, endpoint_id);
  const rows = await db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpoint_id).orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({
    id: Number(row.id),
    message_id: row.message_id,
    event: row.event,
    attempt: Number(row.attempt),
    status_code: row.status_code === null ? null : Number(row.status_code),
    answer: row.answer,
    error: row.error,
    duration_ms: Number(row.duration_ms),
    at: new Date(Number(row.created_at)).toISOString(),
  }));
}

/** Sends a webhook message again (sent or failed): due at once with a fresh round of retries, the same webhook-id. */
export async function resendWebhook(db: DB, message_id: string, now = Date.now()): Promise<{ id: number; status: string }> {
  return writeTransaction(
    db,
    async (trx) => {
      const message = await trx.selectFrom('outbox').select(['id', 'status', 'recipient', 'event']).where('message_id', '=', message_id).where('channel', '=', 'webhook').executeTakeFirst();
      if (!message) throw notFoundError('No such webhook message.');
      await trx
        .updateTable('outbox')
        .set({ status: 'pending', attempts: 0, next_attempt_at: now, locked_until: null, claimed_by: null })
        .where('id', '=', message.id)
        .where('status', '!=', 'pending')
        .execute();
      await recordChange(trx, { action: 'webhook.resend', entity: 'webhook', entity_id: message.recipient, after: { message_id, event: message.event } });
      return { id: Number(message.id), status: 'pending' };
    },
    { name: 'resend webhook' },
  );
}

/**
 * Enqueues `event` inside the transaction of the change (`trx`): one outbox message per active
 * endpoint subscribed to it (none: nothing written). The payload is the body sent, in the
 * Standard Webhooks shape {type, timestamp, data}, fixed now: a retry sends the same bytes.
 * `key` tells this occurrence apart ("42:shipped"); the dedupe key is event:key:webhook:endpoint.
 */
export async function enqueueWebhooks(trx: DB, event: WebhookEvent, key: string | number, data: Record<string, unknown>, now = Date.now()): Promise<void> {
  const endpoints = await endpointsFor(trx, event);
  if (!endpoints.length) return;
  const payload = JSON.stringify({ type: event, timestamp: new Date(now).toISOString(), data });
  await enqueue(
    trx,
    endpoints.map((id) => ({ channel: 'webhook' as const, event, recipient: String(id), dedupe_key: `${event}:${key}:webhook:${id}`, payload })),
  );
}

/** A new message id made by the database, one per row of an insert … select (newMessageId's form: msg_<32 hex>). */
function messageIdSql(engine: Engine) {
  return engine === 'postgres' ? sql<string>`'msg_' || replace(cast(gen_random_uuid() as text), '-', '')` : sql<string>`'msg_' || lower(hex(randomblob(16)))`;
}

/**
 * The webhooks of `event` as one insert not yet run, for a write that rides another statement
 * (an order's: insertOrder's OrderWrite, where the order's id is made by the same statement).
 * The statement itself reads the active endpoints subscribed to the event (no round trip of its
 * own) and writes one outbox row each: dedupe key `<key>:webhook:<endpoint>` (`key` such as
 * textWithId("order.placed:<id>")), the body `payload` (JSON text, the same for every endpoint).
 */
export function webhooksInsert(db: QueryCreator<Database>, engine: Engine, event: WebhookEvent, key: Text, payload: Text, now = Date.now()) {
  const text = (value: Text) => sql<string>`cast(${value} as text)`;
  const whole = (value: number) => sql<number>`cast(${value} as bigint)`;
  return db
    .insertInto('outbox')
    .columns(['channel', 'event', 'dedupe_key', 'recipient', 'payload', 'status', 'attempts', 'next_attempt_at', 'message_id', 'created_at'])
    .expression(
      db
        .selectFrom('webhook_endpoints')
        .select([
          text('webhook').as('channel'),
          text(event).as('event'),
          sql<string>`${text(key)} || ${text(':webhook:')} || cast(webhook_endpoints.id as text)`.as('dedupe_key'),
          sql<string>`cast(webhook_endpoints.id as text)`.as('recipient'),
          text(payload).as('payload'),
          text('pending').as('status'),
          whole(0).as('attempts'),
          whole(now).as('next_attempt_at'),
          messageIdSql(engine).as('message_id'),
          whole(now).as('created_at'),
        ])
        .where('active', '=', 1)
        .where('events', 'like', `%${JSON.stringify(event)}%`),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing());
}
