import { type Kysely, sql } from 'kysely';
import { BIG_INTEGER, identityKey } from './portable.ts';

// Frozen in time: this migration never imports application code.
// One outbox for everything that leaves the shop (issue 35): an e-mail, an SMS, a webhook
// call is a row written in the same transaction as the change that causes it, so it
// exists exactly when the change committed; a dispatcher sends it afterwards, outside
// any request.
// - dedupe_key: stable per event and recipient ("order.placed:42:email:a@b.in"): a replayed
//   transaction or a retried request inserts nothing the second time (ON CONFLICT DO NOTHING).
// - message_id: set once at enqueue ("msg_…"): the e-mail's Message-ID and the webhook-id, the
//   same on every attempt, so a recipient that sees a retry can tell it is the same message.
// - payload: JSON text, what the channel needs to render or send it.
// - status: pending until sent; failed once retries ran out (about a day), with last_error.
// - Clocks in epoch milliseconds: next_attempt_at (due from then), locked_until and claimed_by
//   (the instance sending it now: a claim that outlives a crash simply runs out), created_at
//   and sent_at.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', identityKey(db))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'sms', 'webhook')`))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', BIG_INTEGER, (c) => c.notNull())
    .addColumn('locked_until', BIG_INTEGER)
    .addColumn('claimed_by', 'text')
    .addColumn('last_error', 'text')
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('created_at', BIG_INTEGER, (c) => c.notNull())
    .addColumn('sent_at', BIG_INTEGER)
    .addUniqueConstraint('outbox_dedupe_key_unique', ['dedupe_key'])
    .addUniqueConstraint('outbox_message_id_unique', ['message_id'])
    .execute();
  // The dispatcher's claim: pending messages by when they are due.
  await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
  // The back office's lists: by channel and status, newest first.
  await db.schema.createIndex('outbox_channel_status').on('outbox').columns(['channel', 'status', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}
