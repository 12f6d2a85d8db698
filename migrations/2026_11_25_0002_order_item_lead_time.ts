import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
// Made to order (issue 16): an order item keeps the lead time in days its carat row
// had when it was ordered (null: in stock, or no lead time), so the order's delivery
// estimate moves by what the shopper was promised, whatever the row says later.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_items').addColumn('lead_time_days', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_items').dropColumn('lead_time_days').execute();
}
