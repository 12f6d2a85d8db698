import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
// The newsletter becomes double opt-in (issue 35): a sign-up is 'pending' until the address's
// owner confirms it from the e-mail sent to it; 'unsubscribed' after the one-click unsubscribe.
// - status: 'pending' | 'confirmed' | 'unsubscribed'. Addresses stored before this migration
//   were never confirmed: they stay 'pending' and receive nothing until they sign up again.
// - token: the subscription's secret (random, url-safe), in its confirm and unsubscribe links;
//   unique (several NULLs allowed on both engines, for the old rows).
// - confirmed_at, unsubscribed_at: UTC text like created_at.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('newsletter_subscribers').addColumn('status', 'text', (c) => c.notNull().defaultTo('pending')).execute();
  await db.schema.alterTable('newsletter_subscribers').addColumn('token', 'text').execute();
  await db.schema.alterTable('newsletter_subscribers').addColumn('confirmed_at', 'text').execute();
  await db.schema.alterTable('newsletter_subscribers').addColumn('unsubscribed_at', 'text').execute();
  await db.schema.createIndex('newsletter_subscribers_token_unique').unique().on('newsletter_subscribers').column('token').execute();
  await db.schema.createIndex('newsletter_subscribers_status').on('newsletter_subscribers').column('status').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('newsletter_subscribers_status').execute();
  await db.schema.dropIndex('newsletter_subscribers_token_unique').execute();
  for (const column of ['unsubscribed_at', 'confirmed_at', 'token', 'status']) {
    await db.schema.alterTable('newsletter_subscribers').dropColumn(column).execute();
  }
}
