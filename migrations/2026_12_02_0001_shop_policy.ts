import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
// The shop's policy in one place (issue 36): the policy's values live in shop_settings
// (key 'shop_policy', JSON, no new table); a product says how it may be returned:
// - partial_refund: 1 when it belongs to the partial-refund collection (the documents'
//   "Everyday Collection": only part of the price is refunded), else 0.
// - non_returnable: null when it may be returned, else the kind that may not be returned
//   unless defective: 'custom', 'engraved' or 'personalised'.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('partial_refund', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('products').addColumn('non_returnable', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('non_returnable').execute();
  await db.schema.alterTable('products').dropColumn('partial_refund').execute();
}
