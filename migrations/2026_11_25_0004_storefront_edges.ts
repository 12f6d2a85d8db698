import { type Kysely } from 'kysely';
import { utcNow } from './portable.ts';

// Frozen in time: this migration never imports application code.
// The shopper's remembered contact and shipping address: one row per account,
// written by the last order placed (and by My Profile), read by the checkout
// to fill its form. It goes with the account (cascade).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('saved_addresses')
    .addColumn('u_id', 'integer', (c) => c.primaryKey().references('users.u_id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('apartment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('zip_code', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull().defaultTo('IN'))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(utcNow(db)))
    .execute();
  for (const column of ['eyebrow', 'headline', 'subline']) {
    await db.schema.alterTable('slider_images').addColumn(column, 'text').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['eyebrow', 'headline', 'subline']) {
    await db.schema.alterTable('slider_images').dropColumn(column).execute();
  }
  await db.schema.dropTable('saved_addresses').execute();
}
