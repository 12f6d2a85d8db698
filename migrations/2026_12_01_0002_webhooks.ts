import { type Kysely, sql } from 'kysely';
import { BIG_INTEGER, identityKey } from './portable.ts';

// Frozen in time: this migration never imports application code.
// Webhooks for integrators (issue 35): endpoints the owner registers, and what each delivery
// attempt was answered. A delivery itself is an outbox row (channel 'webhook', recipient = the
// endpoint's id), so it is written with the change that causes it and retried like any message.
// - webhook_endpoints.secret: the signing secret ("whsec_<base64>"), sealed at rest with PAN_KEY
//   (db/secrets.ts, purpose "webhook"); shown once, when added or rotated.
// - events: JSON array of the event names the endpoint receives.
// - failing_since (epoch ms): the first failure since the last success; an endpoint failing for
//   days is disabled (active = 0) with disabled_reason.
// - webhook_deliveries: one row per attempt (HTTP status, the first bytes of the answer, or the
//   error), for the back office's recent deliveries.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'integer', identityKey(db))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1).check(sql`active in (0, 1)`))
    .addColumn('failing_since', BIG_INTEGER)
    .addColumn('disabled_reason', 'text')
    .addColumn('created_at', BIG_INTEGER, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'integer', identityKey(db))
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('outbox_id', 'integer', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('answer', 'text')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('created_at', BIG_INTEGER, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_deliveries_endpoint').on('webhook_deliveries').columns(['endpoint_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
